import { z } from 'zod';
import { collectionOf, PaginationQuery } from './common';

/**
 * Buyer resale webhooks (connector `reprise.buyer.resale_webhook`, type buyer;
 * docs/connectors.md, "Buyer resale webhooks"): what a buyback's life announces to
 * the buyer resale connectors of its retailer and of its buyer, and the log of each delivery.
 */

/**
 * The events a configuration receives, each at most once per buyback:
 * - `buyback.completed`: the device is bought (validated price, grade) and available for resale;
 * - `item.refurbished`: its refurbishment is finished (item_refurb_completed);
 * - `item.dispatched`: it left its warehouse in a closed package;
 * - `buyback.cancelled`: the buyback was cancelled, the device will not come.
 */
const WEBHOOK_EVENTS = [
  'buyback.completed',
  'item.refurbished',
  'item.dispatched',
  'buyback.cancelled',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** pending: to be sent (or sent again after a failure); delivered: a 2xx answer; failed: given up. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * Why an attempt failed, as stored in `last_error` (the screen translates it):
 * http_status: the endpoint answered outside 2xx (the status code is kept beside);
 * redirect_not_followed: it answered 3xx, which is never followed;
 * timeout: no complete answer within 10 seconds;
 * connection_failed: refused, reset, or the host name not found;
 * url_not_allowed: not an http(s) URL; address_not_allowed: a loopback or private address
 * where the server does not allow them; configuration_inactive: the configuration was deactivated.
 */
const WEBHOOK_DELIVERY_ERRORS = [
  'http_status',
  'redirect_not_followed',
  'timeout',
  'connection_failed',
  'url_not_allowed',
  'address_not_allowed',
  'configuration_inactive',
] as const;
export type WebhookDeliveryError = (typeof WEBHOOK_DELIVERY_ERRORS)[number];

/** `GET /connector-organizations/{id}/webhook-deliveries`: newest first, by status. */
export const ListWebhookDeliveriesQuery = PaginationQuery.extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { message: 'invalid_value' }).optional(),
});
export type ListWebhookDeliveriesQuery = z.infer<typeof ListWebhookDeliveriesQuery>;

/** One delivery of an event to a configuration's URL, with what it sends (`payload`). */
export const WebhookDeliveryResponse = z.object({
  id: z.uuid(),
  configurationId: z.uuid(),
  event: z.enum(WEBHOOK_EVENTS),
  buybackId: z.uuid().nullable(),
  /** The buyback's identification number (13 digits). */
  buybackCode: z.string().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** The JSON body POSTed: `{ id, event, createdAt, referrer, data }`. */
  payload: z.record(z.string(), z.unknown()),
});
export type WebhookDeliveryResponse = z.infer<typeof WebhookDeliveryResponse>;

export const WebhookDeliveryCollectionResponse = collectionOf(WebhookDeliveryResponse);
