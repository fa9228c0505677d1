import type { AppDeps } from '../../platform/deps';
import { CONNECTOR_FQN, type ResolvedConfiguration } from '../connectors';
import type { Carrier } from './carrier';
import { CarrierError } from './carrier';
import { sandboxCarrierClient } from './sandbox-carrier.client';

/**
 * The carrier of a transport configuration, by its connector. A configuration's `api_url` may be
 * a path (the demo's `/api/sandbox-carrier`): it is resolved against the server's public URL at
 * the time of the call, so the demo follows the port the server runs on.
 */
export function carrierFor(deps: AppDeps, configuration: ResolvedConfiguration): Carrier {
  if (configuration.fqn === CONNECTOR_FQN.sandboxCarrier) {
    const { api_url: apiUrl, api_key: apiKey } = configuration.values;
    if (!apiUrl || !apiKey) throw new CarrierError('the configuration has no api_url or api_key', true);
    return sandboxCarrierClient({ apiUrl: new URL(apiUrl, deps.config.publicUrl).href, apiKey });
  }
  throw new CarrierError(`no carrier implements the connector ${configuration.fqn}`, true);
}

/** The transport connectors the platform runs (each has a `Carrier`). */
export const TRANSPORT_CONNECTORS = [CONNECTOR_FQN.sandboxCarrier] as const;
