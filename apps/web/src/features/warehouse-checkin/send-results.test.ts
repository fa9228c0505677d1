import { describe, expect, it } from 'vitest';
import { isSendableRow, summarise } from './send-results';

describe('marking a selection sent', () => {
  it('offers the rows awaiting inventory only', () => {
    expect(isSendableRow({ status: 'bb_awaiting_inventory' })).toBe(true);
    for (const status of ['bb_awaiting_store_drop', 'bb_in_transit', 'bb_cancelled'] as const)
      expect(isSendableRow({ status })).toBe(false);
  });

  it('counts the buybacks sent and lists the refused ones', () => {
    const refused = {
      buybackId: '00000000-0000-4000-8000-000000000002',
      ok: false,
      code: 'item_status_mismatch',
    };
    expect(
      summarise({ results: [{ buybackId: '00000000-0000-4000-8000-000000000001', ok: true }, refused] }),
    ).toEqual({ sent: 1, refused: [refused] });
  });
});
