import { z } from 'zod';
import { WAREHOUSE_CHECKIN_REQUIREMENTS, type WarehouseCheckinRequirement } from '../enums';

/**
 * Sending items to the warehouse and registering them there (docs/statuses.md, "Item"). The store marks a
 * buyback sent (`item_in_transit`); the warehouse
 * checks the item in by its 8- or 13-character code (`item_registered_in_warehouse`, in its
 * native stock "awaiting control").
 */

/** The most buybacks one "mark as sent" request takes (a list page's selection). */
const SEND_BUYBACKS_MAX = 200;

/** `POST /buybacks/send`: several buybacks marked sent at once. */
export const SendBuybacksRequest = z.object({
  buybackIds: z.array(z.uuid()).min(1).max(SEND_BUYBACKS_MAX),
});
export type SendBuybacksRequest = z.infer<typeof SendBuybacksRequest>;

/** Each buyback's outcome, in the order asked: sent, or refused with an error code. */
export const SendBuybacksResponse = z.object({
  results: z.array(
    z.object({
      buybackId: z.uuid(),
      ok: z.boolean(),
      /** Why it was not sent (`not_found`, `item_status_mismatch`, `buyback_cancelled`…). */
      code: z.string().optional(),
    }),
  ),
});
export type SendBuybacksResponse = z.infer<typeof SendBuybacksResponse>;

/**
 * Whether an account registers arriving items (its root details): `mandatory`, `optional`, or
 * `disabled` (the menu entry is hidden and the check-in routes lead home). Platform admins count
 * as `disabled`.
 */
export type CheckinRequirement = WarehouseCheckinRequirement;

export const CheckinSettingsResponse = z.object({ requirement: z.enum(WAREHOUSE_CHECKIN_REQUIREMENTS) });
export type CheckinSettingsResponse = z.infer<typeof CheckinSettingsResponse>;

/**
 * `POST /warehouse/checkin`: the scanned or typed code. Its length (8 or 13 characters) is checked
 * by the command, which answers `code_length_invalid` on `code`.
 */
export const CheckinRequest = z.object({
  code: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(64),
});
export type CheckinRequest = z.infer<typeof CheckinRequest>;
