import type { BuybackResponse, ItemResponse } from '@reprise/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectViolation } from '../../../test/api-kit';
import { type BuybackKit, DEMO, expectProblem, startBuybackKit } from '../../../test/buyback-kit';
import { addOtherBuyerUser, addRoubaixOperator } from '../../../test/buyer-kit';
import { giveTwinCode } from '../../../test/item-moves-kit';

/**
 * Warehouse check-in (checkin.service.ts): the requirement each user
 * lives (settings), the item registered by its 8- or 13-character code into its warehouse's
 * native stock "awaiting control", and every refusal: length, unknown or not assigned to this
 * warehouse, several items, status, check-in disabled (the warehouse's account, an admin, the
 * item's retailer).
 */

const O = DEMO.orgs;
const A = DEMO.accounts;

let k: BuybackKit;
/** Headers of the operator of Saint-Priest, of a Roubaix operator (Demo Buyer) and of another buyer's warehouse. */
let operator: Record<string, string>;
let roubaix: Record<string, string>;
let otherWarehouse: Record<string, string>;

beforeAll(async () => {
  k = await startBuybackKit();
  operator = { authorization: (await k.t.login('warehouse_operator@demo.test')).authorization };
  roubaix = { authorization: await addRoubaixOperator(k.t) };
  otherWarehouse = { authorization: await addOtherBuyerUser(k.t, 'warehouse_operator') };
});
afterAll(() => k.close());

const setRequirement = (accountId: string, requirement: 'optional' | 'mandatory' | 'disabled') =>
  k.t.db
    .updateTable('organization_root_details')
    .set({ warehouse_checkin_requirement: requirement })
    .where('account_id', '=', accountId)
    .execute();
afterEach(async () => {
  await setRequirement(A.demoBuyer, 'mandatory');
  await setRequirement(A.demoRetail, 'optional');
});

const checkin = (headers: Record<string, string>, code: unknown) =>
  k.t.app.inject({ method: 'POST', url: '/api/warehouse/checkin', headers, payload: { code } });
const settings = (headers: Record<string, string>) =>
  k.t.app.inject({ method: 'GET', url: '/api/warehouse/checkin/settings', headers });

/** A Paris store buyback (sent to Saint-Priest), marked sent by the store. */
async function inTransit(): Promise<BuybackResponse> {
  const b = await k.createBuyback();
  const res = await k.post('seller', `/api/buybacks/${b.id}/send`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const awaitingControl = async (warehouseId: string) =>
  (
    await k.t.db
      .selectFrom('stocks')
      .select('id')
      .where('warehouse_id', '=', warehouseId)
      .where('native_kind', '=', 'awaiting_control')
      .executeTakeFirstOrThrow()
  ).id;

describe('the check-in requirement', () => {
  it("is the user's account's, disabled for platform admins", async () => {
    expect((await settings(operator)).json()).toEqual({ requirement: 'mandatory' });
    expect((await k.get('seller', '/api/warehouse/checkin/settings')).json()).toEqual({
      requirement: 'optional',
    });
    expect((await k.get('admin', '/api/warehouse/checkin/settings')).json()).toEqual({
      requirement: 'disabled',
    });
    await setRequirement(A.demoBuyer, 'disabled');
    expect((await settings(operator)).json()).toEqual({ requirement: 'disabled' });
  });

  it('is read by any signed-in user only', async () => {
    const res = await k.t.app.inject({ method: 'GET', url: '/api/warehouse/checkin/settings' });
    expectProblem(res, 401, 'unauthenticated');
  });
});

describe('checking an item in', () => {
  it('registers an item in transit by its 13-digit number into the native stock "awaiting control"', async () => {
    const b = await inTransit();
    const res = await checkin(operator, b.item.identificationNumber);
    expect(res.statusCode, res.body).toBe(200);
    const item: ItemResponse = res.json();
    const stockId = await awaitingControl(O.warehouseSaintPriest);
    expect(item).toMatchObject({
      id: b.item.id,
      status: 'item_registered_in_warehouse',
      buyback: { id: b.id, status: 'bb_in_processing', retailerName: 'Demo Retail' },
      warehouse: { id: O.warehouseSaintPriest },
      stock: { id: stockId, nativeKind: 'awaiting_control' },
    });
    expect(item.registeredAt).not.toBeNull();
    expect(item.latestMoveAt).toBe(item.registeredAt);
    // the answer is the item as stored, with its device check (none: no IMEI)
    expect({ ...(await k.get('warehouse', `/api/items/${b.item.id}`)).json(), deviceCheck: null }).toEqual(
      item,
    );
    const row = await k.t.db
      .selectFrom('buyback_items')
      .select(['status', 'stock_id', 'registered_at'])
      .where('id', '=', b.item.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'item_registered_in_warehouse', stock_id: stockId });
    expect(row.registered_at).not.toBeNull();
    const history = (await k.get('warehouse', `/api/items/${b.item.id}/history`)).json().member;
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'item_in_transit',
      toStatus: 'item_registered_in_warehouse',
      reason: 'checkin',
      place: { id: O.warehouseSaintPriest },
      stock: { id: stockId, nativeKind: 'awaiting_control' },
      by: { name: 'Wendy Janssens' },
    });
    const buyback = (await k.get('seller', `/api/buybacks/${b.id}`)).json();
    expect(buyback).toMatchObject({
      status: 'bb_in_processing',
      item: { status: 'item_registered_in_warehouse' },
    });
  });

  it("finds the item by the last 8 digits of its number, or by its buyback's number", async () => {
    const short = await inTransit();
    const res = await checkin(operator, ` ${short.item.identificationNumber.slice(-8)} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().id).toBe(short.item.id);
    const byBuyback = await inTransit();
    const other = await checkin(operator, byBuyback.identificationNumber);
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().id).toBe(byBuyback.item.id);
  });

  it('says an item already checked in is so, when and where, and refuses an item not in transit', async () => {
    const b = await inTransit();
    const before = Date.now();
    expect((await checkin(operator, b.item.identificationNumber)).statusCode).toBe(200);
    const again = expectProblem(
      await checkin(operator, b.item.identificationNumber),
      409,
      'item_already_checked_in',
    );
    expect(again.detail).toContain('already registered');
    expect(again.warehouseName).toBe('Entrepôt Saint-Priest');
    expect(Date.parse(again.checkedInAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(again.checkedInAt)).toBeLessThanOrEqual(Date.now());
    // still so once its control has started (no longer awaiting it), by its short code too
    expect(
      (await k.post('warehouse', '/api/warehouse/control/start', { code: b.item.identificationNumber }))
        .statusCode,
    ).toBe(200);
    const later = expectProblem(
      await checkin(operator, b.item.identificationNumber.slice(-8)),
      409,
      'item_already_checked_in',
    );
    expect(later.checkedInAt).toBe(again.checkedInAt);
    const notSent = await k.createBuyback();
    const res = expectProblem(
      await checkin(operator, notSent.item.identificationNumber),
      409,
      'item_status_mismatch',
    );
    expect(res.detail).toContain('not in transit');
  });

  it('refuses a code that is not 8 or 13 characters long, on the field', async () => {
    for (const code of ['1234567', '123456789012', '12345678901234'])
      expect((await checkin(operator, code)).json().code).toBe('code_length_invalid');
    expectViolation(await checkin(operator, '123456789'), 'code_length_invalid', 'code');
    expect((await checkin(operator, '')).statusCode).toBe(422);
    expect((await checkin(operator, undefined)).statusCode).toBe(422);
  });

  it('answers item_not_found for an unknown code and for an item of another warehouse', async () => {
    expectProblem(await checkin(operator, '2199999999999'), 404, 'item_not_found');
    expectProblem(await checkin(operator, '99999999'), 404, 'item_not_found');
    const b = await inTransit();
    expectProblem(await checkin(roubaix, b.item.identificationNumber), 404, 'item_not_found');
    expectProblem(await checkin(otherWarehouse, b.item.identificationNumber), 404, 'item_not_found');
    expect((await checkin(operator, b.item.identificationNumber)).statusCode).toBe(200);
  });

  it('asks for the full number when 8 digits name several items', async () => {
    const a = await inTransit();
    const b = await inTransit();
    const twin = await giveTwinCode(k.t, a.item.identificationNumber, b.item.id);
    expectProblem(await checkin(operator, a.item.identificationNumber.slice(-8)), 409, 'several_items_match');
    expect((await checkin(operator, twin)).json().id).toBe(b.item.id);
  });

  it("is refused when check-in is disabled for the warehouse, for admins, and for the item's retailer", async () => {
    const b = await inTransit();
    await setRequirement(A.demoBuyer, 'disabled');
    expectProblem(await checkin(operator, b.item.identificationNumber), 409, 'checkin_disabled');
    await setRequirement(A.demoBuyer, 'optional');
    expectProblem(
      await k.post('admin', '/api/warehouse/checkin', { code: b.item.identificationNumber }),
      409,
      'checkin_disabled',
    );
    await setRequirement(A.demoRetail, 'disabled');
    expectProblem(await checkin(operator, b.item.identificationNumber), 409, 'checkin_disabled');
    const row = await k.t.db
      .selectFrom('buyback_items')
      .select(['status', 'registered_at'])
      .where('id', '=', b.item.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'item_in_transit', registered_at: null });
    await setRequirement(A.demoRetail, 'optional');
    expect((await checkin(operator, b.item.identificationNumber)).statusCode).toBe(200);
  });

  it('needs warehouse_checkin.submenu', async () => {
    const b = await inTransit();
    for (const who of ['seller', 'buyer', 'rmu'] as const)
      expectProblem(
        await k.post(who, '/api/warehouse/checkin', { code: b.item.identificationNumber }),
        403,
        'forbidden',
      );
  });
});
