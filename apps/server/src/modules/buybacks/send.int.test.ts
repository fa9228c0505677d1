import { randomUUID } from 'node:crypto';
import type { BuybackResponse } from '@reprise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuybackKit, DEMO, expectProblem, startBuybackKit } from '../../../test/buyback-kit';

/**
 * Marking buybacks sent to the warehouse (send.service.ts): from `item_awaiting_inventory` or
 * `item_created` (a web post/collect buyback moved by hand) to `item_in_transit`, one at a time or
 * a list's selection, by the store's users and the warehouse's; anything else is refused.
 */

const O = DEMO.orgs;

let k: BuybackKit;
beforeAll(async () => {
  k = await startBuybackKit();
});
afterAll(() => k.close());

const itemRow = (itemId: string) =>
  k.t.db.selectFrom('buyback_items').selectAll().where('id', '=', itemId).executeTakeFirstOrThrow();

/** Puts a buyback and its item at these statuses directly (the circuits the demo lacks). */
async function setStatuses(b: BuybackResponse, status: string, itemStatus: string): Promise<void> {
  await k.t.db.updateTable('buybacks').set({ status }).where('id', '=', b.id).execute();
  await k.t.db.updateTable('buyback_items').set({ status: itemStatus }).where('id', '=', b.item.id).execute();
}

describe('marking a buyback sent', () => {
  it('moves a store buyback awaiting inventory to in transit, with sent_at, its event and its history', async () => {
    const b = await k.createBuyback();
    expect(b.allowedActions.send).toBe(true);
    const res = await k.post('seller', `/api/buybacks/${b.id}/send`);
    expect(res.statusCode, res.body).toBe(200);
    const sent: BuybackResponse = res.json();
    expect(sent).toMatchObject({
      status: 'bb_in_transit',
      item: { status: 'item_in_transit' },
      allowedActions: { send: false },
    });
    const row = await itemRow(b.item.id);
    expect(row.sent_at).not.toBeNull();
    const events = await k.t.db
      .selectFrom('item_events')
      .selectAll()
      .where('item_id', '=', b.item.id)
      .execute();
    expect(events).toEqual([
      expect.objectContaining({
        from_status: 'item_awaiting_inventory',
        to_status: 'item_in_transit',
        reason: 'sent',
        organization_id: O.storeParis,
      }),
    ]);
    const history = (await k.get('seller', `/api/buybacks/${b.id}/additional-infos`)).json().statusHistory;
    expect(history.at(-1)).toMatchObject({ status: 'bb_in_transit', itemStatus: 'item_in_transit' });
    const audits = await k.t.db
      .selectFrom('audit_log')
      .select('after')
      .where('entity_type', '=', 'item')
      .where('entity_id', '=', b.item.id)
      .execute();
    expect(audits.map((a) => a.after)).toEqual([expect.objectContaining({ reason: 'sent' })]);
  });

  it('moves a web post buyback whose item is created (no carrier yet) to in transit', async () => {
    const b = await k.createBuyback();
    await setStatuses(b, 'bb_awaiting_inventory', 'item_created');
    expect((await k.get('seller', `/api/buybacks/${b.id}`)).json().allowedActions.send).toBe(true);
    const res = await k.post('seller', `/api/buybacks/${b.id}/send`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'bb_in_transit', item: { status: 'item_in_transit' } });
  });

  it('is done by the warehouse the buyback is sent to as well', async () => {
    const b = await k.createBuyback();
    const res = await k.post('warehouse', `/api/buybacks/${b.id}/send`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item.status).toBe('item_in_transit');
    expect((await itemRow(b.item.id)).status).toBe('item_in_transit');
  });

  it('refuses any other status: in transit already, pre-declared, cancelled, lost', async () => {
    const sent = await k.createBuyback();
    await k.post('seller', `/api/buybacks/${sent.id}/send`);
    expectProblem(await k.post('seller', `/api/buybacks/${sent.id}/send`), 409, 'item_status_mismatch');

    const predeclared = await k.createBuyback();
    await setStatuses(predeclared, 'bb_awaiting_store_drop', 'item_awaiting_store_drop');
    expectProblem(
      await k.post('seller', `/api/buybacks/${predeclared.id}/send`),
      409,
      'item_status_mismatch',
    );

    const cancelled = await k.createBuyback();
    expect(
      (await k.post('seller', `/api/buybacks/${cancelled.id}/cancel`, { reason: 'other' })).statusCode,
    ).toBe(403);
    await k.post('storeManager', `/api/buybacks/${cancelled.id}/cancel`, { reason: 'other' });
    const read = (await k.get('seller', `/api/buybacks/${cancelled.id}`)).json();
    expect(read.status).toBe('bb_cancelled');
    expect(read.allowedActions.send).toBe(false);
    expectProblem(await k.post('seller', `/api/buybacks/${cancelled.id}/send`), 409, 'item_status_mismatch');

    const lost = await k.createBuyback();
    expect((await k.post('seller', `/api/buybacks/${lost.id}/mark-lost`, {})).statusCode).toBe(200);
    expectProblem(await k.post('seller', `/api/buybacks/${lost.id}/send`), 409, 'item_status_mismatch');
    for (const b of [predeclared, cancelled, lost]) expect((await itemRow(b.item.id)).sent_at).toBeNull();
  });

  it('needs buyback_item.send and a buyback the user sees', async () => {
    const b = await k.createBuyback();
    expect((await k.get('analyst', `/api/buybacks/${b.id}`)).json().allowedActions.send).toBe(false);
    expectProblem(await k.post('analyst', `/api/buybacks/${b.id}/send`), 403, 'forbidden');
    expectProblem(await k.post('buyer', `/api/buybacks/${b.id}/send`), 403, 'forbidden');
    expectProblem(await k.post('otherSeller', `/api/buybacks/${b.id}/send`), 404, 'not_found');
    expectProblem(await k.post('seller', `/api/buybacks/${randomUUID()}/send`), 404, 'not_found');
    expect((await itemRow(b.item.id)).status).toBe('item_awaiting_inventory');
  });
});

describe('marking a selection sent', () => {
  it('sends the valid ones and reports the others, none undoing the rest', async () => {
    const a = await k.createBuyback();
    const b = await k.createBuyback();
    const inTransit = await k.createBuyback();
    const cancelled = await k.createBuyback();
    await k.post('seller', `/api/buybacks/${inTransit.id}/send`);
    await k.post('storeManager', `/api/buybacks/${cancelled.id}/cancel`, { reason: 'other' });
    const unknown = randomUUID();
    const res = await k.post('seller', '/api/buybacks/send', {
      buybackIds: [a.id, inTransit.id, unknown, cancelled.id, b.id, a.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      { buybackId: a.id, ok: true },
      { buybackId: inTransit.id, ok: false, code: 'item_status_mismatch' },
      { buybackId: unknown, ok: false, code: 'not_found' },
      { buybackId: cancelled.id, ok: false, code: 'item_status_mismatch' },
      { buybackId: b.id, ok: true },
    ]);
    for (const sent of [a, b]) {
      const row = await itemRow(sent.item.id);
      expect(row.status).toBe('item_in_transit');
      expect(row.sent_at).not.toBeNull();
    }
    expect((await itemRow(cancelled.item.id)).status).toBe('item_cancelled');
  });

  it("does not send another retailer's buybacks", async () => {
    const b = await k.createBuyback();
    const res = await k.post('otherSeller', '/api/buybacks/send', { buybackIds: [b.id] });
    expect(res.json().results).toEqual([{ buybackId: b.id, ok: false, code: 'not_found' }]);
    expect((await itemRow(b.item.id)).status).toBe('item_awaiting_inventory');
  });

  it('takes 1 to 200 buyback ids, with buyback_item.send', async () => {
    expect((await k.post('seller', '/api/buybacks/send', { buybackIds: [] })).statusCode).toBe(422);
    const tooMany = Array.from({ length: 201 }, () => randomUUID());
    expect((await k.post('seller', '/api/buybacks/send', { buybackIds: tooMany })).statusCode).toBe(422);
    expect((await k.post('seller', '/api/buybacks/send', { buybackIds: ['x'] })).statusCode).toBe(422);
    expectProblem(
      await k.post('analyst', '/api/buybacks/send', { buybackIds: [randomUUID()] }),
      403,
      'forbidden',
    );
  });
});
