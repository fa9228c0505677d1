import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuybackKit, DEMO, startBuybackKit } from '../../../test/buyback-kit';
import { addBuyer, addUser, type TestBuyer } from '../../../test/buyer-kit';
import { contextOfUser } from '../../../test/item-moves-kit';
import type { RequestContext } from '../../platform/request-context';
import { transact } from '../../platform/request-context';
import { updateOwnedOrAssigned } from '../../platform/scoped-writes';
import { moveItem, resolveItem, revertLoss } from './item-moves';
import { findItem, findNativeStock, type ItemRow } from './items.repository';

/**
 * The item move (item-moves.ts), the one way an item changes status: checked against the item
 * table, the buyback following its item (buyback-statuses.ts, BUYBACK_STATUS_OF_ITEM),
 * the item event, the buyback's status event and the audit written in the command's one
 * transaction; nothing written for a refused move or an item of another account; a loss undone.
 * Also the native stocks every warehouse gets (migration 018).
 */

const O = DEMO.orgs;

let k: BuybackKit;
let seller: RequestContext;
let operator: RequestContext;
let admin: RequestContext;
let foreign: RequestContext;
let second: TestBuyer;

beforeAll(async () => {
  k = await startBuybackKit();
  seller = await contextOfUser(k.t, (await k.t.login('store_seller@demo.test')).authorization);
  operator = await contextOfUser(k.t, (await k.t.login('warehouse_operator@demo.test')).authorization);
  admin = await contextOfUser(k.t, (await k.t.login('admin@demo.test')).authorization);
  second = await addBuyer(k.t, 'Foreign Buyer');
  foreign = await contextOfUser(
    k.t,
    await addUser(k.t, {
      email: 'operator@foreign-buyer.test',
      accountId: second.accountId,
      module: 'rps',
      userType: 'warehouse_operator',
      organizationId: second.warehouseId,
    }),
  );
});
afterAll(() => k.close());

/** A new Paris store buyback (store drop: Saint-Priest): its item, awaiting inventory. */
const newItem = async () => (await k.createBuyback()).item.id;

/** Resolves the item (locked) as `ctx` and moves it, in one command. */
const move = (ctx: RequestContext, itemId: string, to: Parameters<typeof moveItem>[2]) =>
  transact(ctx, async (tx) => moveItem(tx, await resolveItem(tx, { id: itemId }, { forUpdate: true }), to));

const awaitingControl = async () =>
  (await findNativeStock(admin, O.warehouseSaintPriest, 'awaiting_control'))?.id as string;

/** Everything a move writes about an item: its row, its buyback's, and the rows written for them. */
async function snapshot(itemId: string) {
  const item = (await findItem(admin, itemId)) as ItemRow;
  const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
    (await query.execute(k.t.db)).rows[0]?.n;
  return {
    item: { status: item.status, stock: item.stock_id, latest: item.latest_move_at, sent: item.sent_at },
    buyback: item.buyback_status,
    events: await count(
      sql<{ n: number }>`SELECT count(*)::int AS n FROM item_events WHERE item_id = ${itemId}`,
    ),
    statusEvents: await count(
      sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM buyback_status_events WHERE buyback_id = ${item.buyback_id}`,
    ),
    audits: await count(
      sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'item' AND entity_id = ${itemId}`,
    ),
  };
}

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
};

const eventsOf = async (itemId: string) =>
  k.t.db.selectFrom('item_events').selectAll().where('item_id', '=', itemId).orderBy('id').execute();

const latestStatusEvent = async (buybackId: string) =>
  k.t.db
    .selectFrom('buyback_status_events')
    .selectAll()
    .where('buyback_id', '=', buybackId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe('moveItem: one transaction for the item, its event, its buyback and the audit', () => {
  it('writes the item row, the item event (who, when, where, why, stock), the buyback following, its status event and the audit', async () => {
    const itemId = await newItem();
    const sentAt = new Date('2026-03-02T09:30:00Z');
    await move(seller, itemId, {
      to: 'item_in_transit',
      reason: 'sent',
      comment: 'Parti avec la tournée du matin',
      columns: { sent_at: sentAt },
    });

    const item = (await findItem(admin, itemId)) as ItemRow;
    expect(item).toMatchObject({ status: 'item_in_transit', buyback_status: 'bb_in_transit' });
    expect(new Date(item.sent_at as Date).toISOString()).toBe(sentAt.toISOString());
    expect(item.latest_move_at).not.toBeNull();
    const [sent] = await eventsOf(itemId);
    expect(sent).toMatchObject({
      account_id: DEMO.accounts.demoRetail,
      from_status: 'item_awaiting_inventory',
      to_status: 'item_in_transit',
      actor_user_id: seller.actor.userId,
      // still with the store: the move happens there
      organization_id: O.storeParis,
      stock_id: null,
      reason: 'sent',
      comment: 'Parti avec la tournée du matin',
    });
    expect(Date.now() - new Date(sent?.at as Date).getTime()).toBeLessThan(60_000);
    expect(await latestStatusEvent(item.buyback_id)).toMatchObject({
      status: 'bb_in_transit',
      item_status: 'item_in_transit',
      actor_user_id: seller.actor.userId,
    });
    const audit = await k.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'item')
      .where('entity_id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'update',
      account_id: DEMO.accounts.demoRetail,
      actor_user_id: seller.actor.userId,
      before: { status: 'item_awaiting_inventory', buybackStatus: 'bb_awaiting_inventory', stockId: null },
      after: { status: 'item_in_transit', buybackStatus: 'bb_in_transit', stockId: null, reason: 'sent' },
    });

    // the warehouse of the buyer account writes it too: checked in, into a stock, at the warehouse
    const stock = await awaitingControl();
    await move(operator, itemId, {
      to: 'item_registered_in_warehouse',
      reason: 'checkin',
      stockId: stock,
      organizationId: O.warehouseSaintPriest,
    });
    expect(await findItem(admin, itemId)).toMatchObject({
      status: 'item_registered_in_warehouse',
      stock_id: stock,
      buyback_status: 'bb_in_processing',
    });
    expect((await eventsOf(itemId))[1]).toMatchObject({
      from_status: 'item_in_transit',
      to_status: 'item_registered_in_warehouse',
      actor_user_id: operator.actor.userId,
      organization_id: O.warehouseSaintPriest,
      stock_id: stock,
      reason: 'checkin',
    });

    // a move the buyback does not follow (already in processing): the item's event only
    await move(operator, itemId, { to: 'item_awaiting_compliancy_tests', reason: 'control_started' });
    expect(await findItem(admin, itemId)).toMatchObject({
      status: 'item_awaiting_compliancy_tests',
      buyback_status: 'bb_in_processing',
      stock_id: stock,
    });
    expect((await eventsOf(itemId))[2]).toMatchObject({
      from_status: 'item_registered_in_warehouse',
      to_status: 'item_awaiting_compliancy_tests',
      // in the warehouse, in the stock it stays in
      organization_id: O.warehouseSaintPriest,
      stock_id: stock,
    });
    expect(await latestStatusEvent(item.buyback_id)).toMatchObject({
      status: null,
      item_status: 'item_awaiting_compliancy_tests',
      actor_user_id: operator.actor.userId,
    });
  });

  it('leaves the database as it was when the move is refused', async () => {
    const itemId = await newItem();
    const before = await snapshot(itemId);
    // not listed by the item table: awaiting inventory → completed
    expect(await codeOf(move(seller, itemId, { to: 'item_completed', reason: 'control' }))).toBe(
      'transition_not_allowed',
    );
    // the same status again
    expect(await codeOf(move(seller, itemId, { to: 'item_awaiting_inventory', reason: 'sent' }))).toBe(
      'transition_not_allowed',
    );
    expect(await snapshot(itemId)).toEqual(before);

    // a cancelled buyback's item moves no more
    const cancelled = await k.createBuyback();
    const res = await k.post('storeManager', `/api/buybacks/${cancelled.id}/cancel`, { reason: 'other' });
    expect(res.statusCode, res.body).toBe(200);
    const cancelledBefore = await snapshot(cancelled.item.id);
    expect(await codeOf(move(admin, cancelled.item.id, { to: 'item_in_transit', reason: 'sent' }))).toBe(
      'buyback_cancelled',
    );
    expect(await snapshot(cancelled.item.id)).toEqual(cancelledBefore);
  });

  it('undoes the whole move when the command fails after it (one transaction)', async () => {
    const itemId = await newItem();
    const before = await snapshot(itemId);
    await expect(
      transact(seller, async (tx) => {
        const item = await resolveItem(tx, { id: itemId }, { forUpdate: true });
        await moveItem(tx, item, { to: 'item_in_transit', reason: 'sent' });
        // the move is written inside the transaction…
        expect((await findItem(tx, itemId))?.status).toBe('item_in_transit');
        throw new Error('a later step of the command failed');
      }),
    ).rejects.toThrow('a later step of the command failed');
    // …and nothing of it stays
    expect(await snapshot(itemId)).toEqual(before);
  });
});

describe('an item of another buyer account', () => {
  it('is neither seen nor written by its warehouse: item_not_found, nothing written', async () => {
    const itemId = await newItem();
    await move(seller, itemId, { to: 'item_in_transit', reason: 'sent' });
    const code = ((await findItem(admin, itemId)) as ItemRow).identification_number;

    expect(await codeOf(resolveItem(foreign, { id: itemId }))).toBe('item_not_found');
    expect(await codeOf(resolveItem(foreign, { code }))).toBe('item_not_found');
    expect(await codeOf(resolveItem(foreign, { code: code.slice(-8) }))).toBe('item_not_found');

    const before = await snapshot(itemId);
    // the item row in hand (read without scope), the move still writes nothing for this account
    const row = (await findItem(admin, itemId)) as ItemRow;
    expect(
      await codeOf(
        transact(foreign, (tx) => moveItem(tx, row, { to: 'item_lost_transport', reason: 'loss' })),
      ),
    ).toBe('item_not_found');
    expect(await snapshot(itemId)).toEqual(before);
  });

  it('updateOwnedOrAssigned changes nothing of it in the foreign context, and refuses a scope wider than the context', async () => {
    const itemId = await newItem();
    const before = await snapshot(itemId);
    const written = await transact(foreign, (tx) =>
      updateOwnedOrAssigned(tx, 'buyback_items')
        .set({ status: 'item_returned', warehouse_comment: 'hijacked' })
        .where('id', '=', itemId)
        .executeTakeFirst(),
    );
    expect(Number(written.numUpdatedRows)).toBe(0);
    const buyback = ((await findItem(admin, itemId)) as ItemRow).buyback_id;
    const buybackWritten = await transact(foreign, (tx) =>
      updateOwnedOrAssigned(tx, 'buybacks')
        .set({ status: 'bb_cancelled' })
        .where('id', '=', buyback)
        .executeTakeFirst(),
    );
    expect(Number(buybackWritten.numUpdatedRows)).toBe(0);
    expect(await snapshot(itemId)).toEqual(before);
    expect(((await findItem(admin, itemId)) as ItemRow).warehouse_comment).toBeNull();

    // naming the retailer's account (or Demo Buyer's) from the foreign context throws
    for (const accountId of [DEMO.accounts.demoRetail, DEMO.accounts.demoBuyer])
      await expect(
        transact(foreign, async (tx) => {
          updateOwnedOrAssigned(tx, 'buyback_items', { kind: 'account', accountId });
        }),
      ).rejects.toThrow(/outside the context's account/);

    // while Demo Buyer's warehouse, the buyer of the item, writes it
    const own = await transact(operator, (tx) =>
      updateOwnedOrAssigned(tx, 'buyback_items')
        .set({ warehouse_comment: 'vu' })
        .where('id', '=', itemId)
        .executeTakeFirst(),
    );
    expect(Number(own.numUpdatedRows)).toBe(1);
  });
});

describe('undoing a loss (revertLoss, admins)', () => {
  it('brings the item back to the status it had before, the buyback with it, as an event with the reason', async () => {
    const itemId = await newItem();
    await move(seller, itemId, { to: 'item_in_transit', reason: 'sent' });
    await move(operator, itemId, { to: 'item_lost_transport', reason: 'loss', comment: 'Colis introuvable' });
    expect(await findItem(admin, itemId)).toMatchObject({
      status: 'item_lost_transport',
      buyback_status: 'bb_not_completed',
    });

    await transact(admin, async (tx) =>
      revertLoss(
        tx,
        await resolveItem(tx, { id: itemId }, { forUpdate: true }),
        'Retrouvé chez le transporteur',
      ),
    );
    expect(await findItem(admin, itemId)).toMatchObject({
      status: 'item_in_transit',
      buyback_status: 'bb_in_transit',
    });
    expect((await eventsOf(itemId)).at(-1)).toMatchObject({
      from_status: 'item_lost_transport',
      to_status: 'item_in_transit',
      actor_user_id: admin.actor.userId,
      reason: 'loss_reverted',
      comment: 'Retrouvé chez le transporteur',
    });

    // not lost (any more): not_lost, nothing written
    const before = await snapshot(itemId);
    expect(
      await codeOf(
        transact(admin, async (tx) =>
          revertLoss(tx, await resolveItem(tx, { id: itemId }, { forUpdate: true }), 'encore'),
        ),
      ),
    ).toBe('not_lost');
    expect(await snapshot(itemId)).toEqual(before);
  });

  it('leaves a completed buyback completed when the item lost after its completion is found again', async () => {
    const itemId = await newItem();
    await move(seller, itemId, { to: 'item_in_transit', reason: 'sent' });
    await move(operator, itemId, { to: 'item_registered_in_warehouse', reason: 'checkin' });
    await move(operator, itemId, { to: 'item_awaiting_compliancy_tests', reason: 'control_started' });
    await move(operator, itemId, { to: 'item_completed_by_price', reason: 'control' });
    await move(operator, itemId, { to: 'item_lost_warehouse', reason: 'loss' });
    expect(await findItem(admin, itemId)).toMatchObject({
      status: 'item_lost_warehouse',
      buyback_status: 'bb_completed_by_price',
    });
    await transact(admin, async (tx) =>
      revertLoss(tx, await resolveItem(tx, { id: itemId }, { forUpdate: true }), 'Retrouvé en zone de tri'),
    );
    expect(await findItem(admin, itemId)).toMatchObject({
      status: 'item_completed_by_price',
      buyback_status: 'bb_completed_by_price',
    });
  });
});

describe('the native stocks of a warehouse (migration 018)', () => {
  const nativeOf = (warehouseId: string) =>
    k.t.db
      .selectFrom('stocks')
      .select(['account_id', 'name', 'native_kind'])
      .where('warehouse_id', '=', warehouseId)
      // the demo's own stocks (seed/demo-refurbishment.ts) are not native
      .where('native_kind', 'is not', null)
      .orderBy('native_kind')
      .execute();
  const NATIVE = [
    { name: 'Awaiting control', native_kind: 'awaiting_control' },
    { name: 'Customer return', native_kind: 'customer_return' },
    { name: 'In quarantine', native_kind: 'in_quarantine' },
    { name: 'Refurbishment completed', native_kind: 'refurbishment_completed' },
    { name: 'To refurbish', native_kind: 'to_refurbish' },
  ];

  it('exist for the demo warehouses, and for a warehouse created since (trigger), in its account', async () => {
    for (const warehouseId of [O.warehouseSaintPriest, O.warehouseRoubaix])
      expect(await nativeOf(warehouseId)).toEqual(
        NATIVE.map((n) => ({ ...n, account_id: DEMO.accounts.demoBuyer })),
      );
    expect(await nativeOf(second.warehouseId)).toEqual(
      NATIVE.map((n) => ({ ...n, account_id: second.accountId })),
    );
  });

  it('are created when an organisation becomes a warehouse, and only for warehouses', async () => {
    const id = randomUUID();
    const store = await k.t.db
      .insertInto('organizations')
      .values({
        id,
        account_id: second.accountId,
        parent_organization_id: second.organizationId,
        path: `/${second.organizationId}/${id}/`,
        type: 'store',
        module_type: 'rps',
        common_name: 'Becoming a warehouse',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await nativeOf(store.id)).toEqual([]);
    expect(await nativeOf(second.organizationId)).toEqual([]);
    await sql`UPDATE organizations SET type = 'warehouse' WHERE id = ${store.id}`.execute(k.t.db);
    expect(await nativeOf(store.id)).toEqual(NATIVE.map((n) => ({ ...n, account_id: second.accountId })));
    // one of each kind per warehouse
    await expect(
      k.t.db
        .insertInto('stocks')
        .values({
          account_id: second.accountId,
          warehouse_id: store.id,
          name: 'Second awaiting control',
          native_kind: 'awaiting_control',
        })
        .execute(),
    ).rejects.toThrow();
  });
});
