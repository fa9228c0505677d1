import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import * as client from 'openid-client';

/**
 * The provider side of single sign-on, through openid-client 6 (docs/single-sign-on.md): its
 * discovery, cached a few minutes per endpoint and client. Plain http is accepted only for a
 * provider on this machine's loopback (a local or test provider); anywhere else https.
 */

const DISCOVERY_CACHE_MS = 5 * 60_000;

export interface ProviderSettings {
  configurationEndpoint: string;
  clientId: string;
  clientSecret: string;
  /** Seconds each request to the provider may take (discovery, token, userinfo): config.ssoProviderTimeoutSeconds. */
  timeoutSeconds: number;
}

/** True when openid-client gave up waiting for the provider (its timeout, `OAUTH_TIMEOUT`). */
export function isProviderTimeout(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth += 1) {
    const { code, name } = e as { code?: unknown; name?: unknown };
    if (code === 'OAUTH_TIMEOUT' || name === 'TimeoutError') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** True for 127.0.0.0/8, ::1 and localhost: an address that never leaves this machine. */
function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/** An endpoint the sign-in may call: https, or http on the loopback. */
export const isAcceptedEndpoint = (endpoint: string): boolean => {
  const url = new URL(endpoint);
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackUrl(url));
};

const cache = new Map<string, { at: number; configuration: client.Configuration }>();

/** The provider's configuration for this client (its discovery document, with the client's credentials). */
export async function providerConfiguration(settings: ProviderSettings): Promise<client.Configuration> {
  const key = [
    settings.configurationEndpoint,
    settings.clientId,
    createHash('sha256').update(settings.clientSecret).digest('hex'),
    settings.timeoutSeconds,
  ].join('\n');
  const cached = cache.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_CACHE_MS) return cached.configuration;
  const url = new URL(settings.configurationEndpoint);
  if (!isAcceptedEndpoint(url.href)) throw new Error('The configuration endpoint must use https.');
  const configuration = await client.discovery(
    url,
    settings.clientId,
    undefined,
    client.ClientSecretBasic(settings.clientSecret),
    {
      execute: url.protocol === 'http:' ? [client.allowInsecureRequests] : [],
      timeout: settings.timeoutSeconds,
    },
  );
  cache.set(key, { at: Date.now(), configuration });
  return configuration;
}
