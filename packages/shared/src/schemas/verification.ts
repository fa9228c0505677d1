import { z } from 'zod';
import { ITEM_STATUSES, type ItemStatus } from './buybacks';

/**
 * Verification (`/verification`): is a device, found by its identification
 * number or in a CSV list of them, verifiable?
 */

/**
 * The item statuses at which a device is verifiable: it has reached a warehouse (checked in) and
 * is still held there, or its buyback is completed. Before check-in (created, awaiting, in
 * transit), once gone (returned) and when lost or cancelled, it is not: the statuses listed here.
 */
const NOT_VERIFIABLE_ITEM_STATUSES: readonly ItemStatus[] = [
  'item_created',
  'item_awaiting_store_drop',
  'item_awaiting_inventory',
  'item_in_transit',
  'item_returned',
  'item_lost_store',
  'item_lost_transport',
  'item_lost_warehouse',
  'item_cancelled',
];
const VERIFIABLE_ITEM_STATUSES = ITEM_STATUSES.filter(
  (status) => !NOT_VERIFIABLE_ITEM_STATUSES.includes(status),
);

export const isVerifiable = (status: string): boolean =>
  (VERIFIABLE_ITEM_STATUSES as readonly string[]).includes(status);

/** The CSV list's limits: its size and its number of codes. */
export const VERIFICATION_MAX_BYTES = 1024 * 1024;
export const VERIFICATION_MAX_CODES = 5000;

/**
 * A line's outcome: `invalid` (not 8 or 13 digits), `not_found` (no item the user sees, or an
 * 8-digit code several items share), `verifiable`, `not_verifiable`.
 */
export const VERIFICATION_OUTCOMES = ['verifiable', 'not_verifiable', 'not_found', 'invalid'] as const;
export type VerificationOutcome = (typeof VERIFICATION_OUTCOMES)[number];

export const VerificationLine = z.object({
  /** The line of the file (1: the first). */
  line: z.number().int(),
  code: z.string(),
  outcome: z.enum(VERIFICATION_OUTCOMES),
  status: z.enum(ITEM_STATUSES).optional(),
  itemId: z.uuid().optional(),
  buybackId: z.uuid().optional(),
  /** The item's 13-digit identification number. */
  identificationNumber: z.string().optional(),
  productName: z.string().optional(),
  warehouse: z.object({ id: z.uuid(), commonName: z.string() }).optional(),
});
export type VerificationLine = z.infer<typeof VerificationLine>;

/** `POST /items/verification` (a CSV file, multipart field `file`): one result per code, in file order. */
export const VerificationResponse = z.object({ results: z.array(VerificationLine) });
export type VerificationResponse = z.infer<typeof VerificationResponse>;
