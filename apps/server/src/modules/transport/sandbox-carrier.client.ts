import type { PickupSlot } from '@reprise/shared';
import type {
  Carrier,
  CarrierLabel,
  CarrierPickup,
  CarrierPickupRequest,
  CarrierShipment,
  CarrierShipmentRequest,
} from './carrier';
import { CarrierError } from './carrier';

/**
 * The sandbox carrier's API over HTTP (modules/sandbox-carrier is the provider; nothing of it is
 * imported here: a real carrier's client looks the same). Every call has a timeout; a 4xx other
 * than 408, 425 and 429 is permanent, anything else may be tried again.
 */

const TIMEOUT_MS = 10_000;

export interface SandboxCarrierSettings {
  /** The API's base, absolute (`https://…/api/sandbox-carrier`). */
  apiUrl: string;
  apiKey: string;
}

const TRANSIENT = new Set([408, 425, 429]);

export function sandboxCarrierClient(settings: SandboxCarrierSettings): Carrier {
  const base = settings.apiUrl.replace(/\/+$/, '');
  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${settings.apiKey}`,
          accept: 'application/json, application/pdf',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new CarrierError(`the carrier did not answer: ${(error as Error).message}`, false);
    }
    return response;
  };
  const refuse = async (response: Response, what: string): Promise<never> => {
    const text = await response.text().catch(() => '');
    const permanent = response.status >= 400 && response.status < 500 && !TRANSIENT.has(response.status);
    throw new CarrierError(`${what}: HTTP ${response.status} ${text.slice(0, 200)}`, permanent);
  };

  const pickupOf = async (response: Response): Promise<CarrierPickup> => {
    const body = (await response.json()) as {
      id: string;
      priceCents?: number;
      events?: CarrierPickup['events'];
    };
    return { carrierPickupId: body.id, priceCents: body.priceCents ?? null, events: body.events ?? [] };
  };

  return {
    async pickupSlots(address): Promise<PickupSlot[]> {
      const query = new URLSearchParams({ country: address.country, zip: address.zip });
      const response = await call('GET', `/pickups/slots?${query}`);
      if (response.status !== 200) return refuse(response, 'the carrier gave no pick-up slots');
      return ((await response.json()) as { slots: PickupSlot[] }).slots;
    },
    async bookPickup(request: CarrierPickupRequest): Promise<CarrierPickup> {
      const response = await call('POST', '/pickups', request);
      if (response.status !== 201) return refuse(response, 'the carrier refused the pick-up');
      return pickupOf(response);
    },
    async cancelPickup(carrierPickupId: string): Promise<CarrierPickup> {
      const response = await call('POST', `/pickups/${encodeURIComponent(carrierPickupId)}/cancel`);
      if (!response.ok) return refuse(response, 'the carrier refused to cancel the pick-up');
      return pickupOf(response);
    },
    async createShipment(request: CarrierShipmentRequest): Promise<CarrierShipment> {
      const response = await call('POST', '/shipments', request);
      if (response.status !== 201) return refuse(response, 'the carrier refused the shipment');
      const body = (await response.json()) as { id: string; trackingNumber: string; trackingUrl?: string };
      return {
        carrierShipmentId: body.id,
        trackingNumber: body.trackingNumber,
        trackingUrl: body.trackingUrl ?? null,
      };
    },
    async fetchLabel(carrierShipmentId: string): Promise<CarrierLabel> {
      const response = await call('GET', `/shipments/${encodeURIComponent(carrierShipmentId)}/label`);
      if (response.status === 200) return { status: 'ready', pdf: Buffer.from(await response.arrayBuffer()) };
      if (response.status === 425) {
        await response.body?.cancel();
        const retryAfter = Number(response.headers.get('retry-after'));
        return {
          status: 'not_ready',
          retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
        };
      }
      if (response.status === 422) {
        const problem = (await response.json().catch(() => ({}))) as { detail?: string };
        return { status: 'failed', reason: problem.detail ?? 'the carrier made no label' };
      }
      return refuse(response, 'the carrier refused the label');
    },
    async cancel(carrierShipmentId: string): Promise<void> {
      const response = await call('POST', `/shipments/${encodeURIComponent(carrierShipmentId)}/cancel`);
      if (!response.ok) await refuse(response, 'the carrier refused the cancellation');
      else await response.body?.cancel();
    },
  };
}
