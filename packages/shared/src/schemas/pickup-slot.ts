import { z } from 'zod';

/** A collection time slot the carrier offers (`start` before `end`). */
export const PickupSlot = z
  .object({
    start: z.iso.datetime({ offset: true, message: 'invalid_date' }),
    end: z.iso.datetime({ offset: true, message: 'invalid_date' }),
  })
  .refine((slot) => Date.parse(slot.end) > Date.parse(slot.start), {
    message: 'invalid_pickup_slot',
    path: ['end'],
  });
export type PickupSlot = z.infer<typeof PickupSlot>;
