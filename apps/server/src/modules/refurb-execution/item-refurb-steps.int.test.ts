import {
  ITEM_REFURB_STEP_ACTIONS,
  ITEM_REFURB_STEP_STATUSES,
  ITEM_REFURB_STEP_TRANSITIONS,
  type ItemEventResponse,
  type ItemRefurbStepAction,
  type ItemRefurbStepResponse,
  type ItemRefurbStepStatus,
  type ItemRefurbStepsResponse,
} from '@reprise/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectViolation } from '../../../test/api-kit';
import { type BuybackKit, DEMO, expectProblem, startBuybackKit } from '../../../test/buyback-kit';
import { addOtherBuyerUser, addRoubaixOperator } from '../../../test/buyer-kit';
import { advanceItem, contextOfUser, giveTwinCode } from '../../../test/item-moves-kit';
import { itemInRefurbishment, type PlannedService } from '../../../test/refurb-kit';
import type { RequestContext } from '../../platform/request-context';

/**
 * Running an item's services (item-refurb-steps.service.ts;
 * docs/refurbishment.md): the search by code, the list, one service with its ETag, every action
 * allowed and refused from every status, If-Match (428 without, 412 when another user acted
 * meanwhile and nothing changes), the cancel comment, the item's validation into a stock and its
 * completed cost, scope isolation and permissions.
 */

const O = DEMO.orgs;
const S = DEMO.stocks;

let k: BuybackKit;
let manager: RequestContext;
type Headers = Record<string, string>;
let operator: Headers;
let managerHeaders: Headers;
let seller: Headers;
let buyer: Headers;
let roubaix: Headers;
let otherWarehouse: Headers;

beforeAll(async () => {
  k = await startBuybackKit();
  const managerAuth = (await k.t.login('warehouse_manager@demo.test')).authorization;
  manager = await contextOfUser(k.t, managerAuth);
  managerHeaders = { authorization: managerAuth };
  operator = { authorization: (await k.t.login('warehouse_operator@demo.test')).authorization };
  seller = { authorization: (await k.t.login('store_seller@demo.test')).authorization };
  buyer = { authorization: (await k.t.login('buyer_manager@demo.test')).authorization };
  roubaix = { authorization: await addRoubaixOperator(k.t) };
  otherWarehouse = { authorization: await addOtherBuyerUser(k.t, 'warehouse_operator') };
});
afterAll(() => k.close());

const inject = (
  method: 'GET' | 'POST',
  headers: Headers,
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> =>
  k.t.app.inject({ method, url, headers, ...(method === 'POST' ? { payload: payload ?? {} } : {}) });

const search = (headers: Headers, code: string) =>
  inject('GET', headers, `/api/item-refurb-steps/search?code=${encodeURIComponent(code)}`);
const list = (headers: Headers, itemId: string) =>
  inject('GET', headers, `/api/items/${itemId}/item-refurb-steps`);
const read = (headers: Headers, id: string) => inject('GET', headers, `/api/item-refurb-steps/${id}`);
/** An action with `If-Match: "<version>"` (a string is sent as it is; null sends none). */
const act = (
  headers: Headers,
  id: string,
  action: ItemRefurbStepAction,
  version: number | string | null,
  body: object = {},
) =>
  inject(
    'POST',
    version === null
      ? headers
      : { ...headers, 'if-match': typeof version === 'number' ? `"${version}"` : version },
    `/api/item-refurb-steps/${id}/${action}`,
    body,
  );
const validateItem = (headers: Headers, itemId: string, body: object = {}) =>
  inject('POST', headers, `/api/items/${itemId}/item-refurb-steps/validate`, body);

const ok = <T>(res: LightMyRequestResponse): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const current = async (id: string) => ok<ItemRefurbStepResponse>(await read(operator, id));
/** Acts with the version the service has now. */
const actNow = async (headers: Headers, id: string, action: ItemRefurbStepAction, body: object = {}) =>
  act(headers, id, action, (await current(id)).version, body);

const history = async (itemId: string): Promise<ItemEventResponse[]> =>
  ok<{ member: ItemEventResponse[] }>(await k.get('admin', `/api/items/${itemId}/history`)).member;

const SERVICES: PlannedService[] = [
  { name: 'Nettoyage complet', costCents: 300, stockId: S.workshopSaintPriest },
  { name: "Remplacement de l'écran", costCents: 4500, stockId: S.workshopSaintPriest },
  { name: 'Remplacement de la batterie', costCents: 2500 },
];

/** A fresh store buyback's item in refurbishment at Saint-Priest with these services. */
async function refurbishing(services: PlannedService[] = SERVICES) {
  const b = await k.createBuyback();
  const ids = await itemInRefurbishment(manager, b.item.id, services);
  return { b, item: b.item, ids };
}

/** The actions that bring a service from to do to each status. */
const PATH_TO: Record<ItemRefurbStepStatus, ItemRefurbStepAction[]> = {
  to_do: [],
  in_progress: ['start'],
  paused: ['start', 'pause'],
  cancelled: ['cancel'],
  completed: ['start', 'validate'],
};

async function bringTo(id: string, status: ItemRefurbStepStatus) {
  for (const action of PATH_TO[status])
    ok(await actNow(operator, id, action, action === 'cancel' ? { comment: 'Pièce indisponible' } : {}));
  expect((await current(id)).status).toBe(status);
}

describe('finding the item by its code', () => {
  it('answers the item of a 13- or 8-character code once it is in refurbishment', async () => {
    const { item } = await refurbishing();
    expect(ok(await search(operator, item.identificationNumber))).toEqual({ itemId: item.id });
    expect(ok(await search(operator, item.identificationNumber.slice(-8)))).toEqual({ itemId: item.id });
  });

  it('refuses a code of another length, an unknown code and several items under 8 digits', async () => {
    expectProblem(await search(operator, '1234567'), 422, 'code_length_invalid');
    expectProblem(await search(operator, '21000000001'), 422, 'code_length_invalid');
    expectProblem(await search(operator, '2199999999999'), 404, 'item_not_found');
    expectProblem(await search(operator, '99999999'), 404, 'item_not_found');
    expect((await search(operator, '')).statusCode).toBe(422);
    const a = await refurbishing();
    const b = await refurbishing();
    const twin = await giveTwinCode(k.t, a.item.identificationNumber, b.item.id);
    expectProblem(await search(operator, a.item.identificationNumber.slice(-8)), 409, 'several_items_match');
    expect(ok(await search(operator, twin))).toEqual({ itemId: b.item.id });
  });

  it('refuses an item that is not in refurbishment, or in refurbishment without services', async () => {
    const awaiting = await k.createBuyback();
    await advanceItem(manager, awaiting.item.id, 'item_completed_by_price');
    expectProblem(
      await search(operator, awaiting.item.identificationNumber),
      409,
      'item_not_in_refurbishment',
    );
    const none = await refurbishing([]);
    expectProblem(await search(operator, none.item.identificationNumber), 409, 'item_not_in_refurbishment');
  });
});

describe('the services of an item', () => {
  it('lists them in order with the item, planned and completed cost, and whether it can be validated', async () => {
    const { item, ids } = await refurbishing();
    const res = ok<ItemRefurbStepsResponse>(await list(operator, item.id));
    expect(res.member.map((s) => s.id)).toEqual(ids);
    expect(res.member.map((s) => [s.name, s.status, s.position, s.costCents])).toEqual([
      ['Nettoyage complet', 'to_do', 0, 300],
      ["Remplacement de l'écran", 'to_do', 1, 4500],
      ['Remplacement de la batterie', 'to_do', 2, 2500],
    ]);
    expect(res.member[0]?.stock).toMatchObject({ id: S.workshopSaintPriest, name: 'Atelier réparation' });
    expect(res.item).toMatchObject({
      id: item.id,
      identificationNumber: item.identificationNumber,
      status: 'item_refurb_in_progress',
      warehouse: { id: O.warehouseSaintPriest },
      stock: { nativeKind: 'to_refurbish' },
      plannedRefurbCostCents: 7300,
      completedRefurbCostCents: 0,
      currency: 'EUR',
    });
    expect(res.canValidate).toBe(false);
    // the stock screens read it with items_stock.read
    expect((await list(managerHeaders, item.id)).statusCode).toBe(200);
  });

  it('an item without services lists none and cannot be validated', async () => {
    const { item } = await refurbishing([]);
    expect(ok<ItemRefurbStepsResponse>(await list(operator, item.id))).toMatchObject({
      member: [],
      canValidate: false,
    });
  });

  it('reads one service with its version as ETag', async () => {
    const { ids } = await refurbishing();
    const res = await read(operator, ids[1] as string);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json()).toMatchObject({
      id: ids[1],
      status: 'to_do',
      version: 1,
      user: null,
      startedAt: null,
      certificate: null,
    });
  });
});

describe('the actions on a service', () => {
  it('every action is allowed exactly from the statuses of the transition table', async () => {
    const pairs = ITEM_REFURB_STEP_STATUSES.flatMap((status) =>
      ITEM_REFURB_STEP_ACTIONS.map((action) => ({ status, action })),
    );
    const { ids } = await refurbishing(pairs.map((_pair, i) => ({ name: `Service ${i}`, costCents: 100 })));
    for (const [i, { status, action }] of pairs.entries()) {
      const id = ids[i] as string;
      await bringTo(id, status);
      const res = await actNow(operator, id, action, { comment: 'Essai' });
      if (ITEM_REFURB_STEP_TRANSITIONS[action].includes(status)) {
        expect(res.statusCode, `${action} from ${status}: ${res.body}`).toBe(200);
        expect(res.json().status).toBe(
          { start: 'in_progress', pause: 'paused', cancel: 'cancelled', validate: 'completed' }[action],
        );
      } else {
        expectProblem(res, 409, 'refurb_step_action_not_allowed');
        expect((await current(id)).status, `${action} from ${status}`).toBe(status);
      }
    }
  });

  it('start, pause, resume and validate: who, when, version, the item events and the completed cost', async () => {
    const { item, ids } = await refurbishing();
    const id = ids[0] as string;
    const before = (await history(item.id)).length;

    const started = await act(operator, id, 'start', 1);
    expect(started.headers.etag).toBe('"2"');
    const s1 = ok<ItemRefurbStepResponse>(started);
    expect(s1).toMatchObject({ status: 'in_progress', version: 2, user: { name: 'Wendy Janssens' } });
    expect(s1.startedAt).not.toBeNull();
    // the item went to the service's stock, in the same event
    let events = await history(item.id);
    expect(events.length).toBe(before + 1);
    expect(events.at(-1)).toMatchObject({
      reason: 'refurb_step_started',
      comment: 'Nettoyage complet',
      fromStatus: 'item_refurb_in_progress',
      toStatus: 'item_refurb_in_progress',
      stock: { id: S.workshopSaintPriest },
      by: { name: 'Wendy Janssens' },
    });
    expect(ok<ItemRefurbStepsResponse>(await list(operator, item.id)).item.stock?.id).toBe(
      S.workshopSaintPriest,
    );

    ok(await act(operator, id, 'pause', 2, { comment: 'En attente de pièce' }));
    const resumed = ok<ItemRefurbStepResponse>(await act(managerHeaders, id, 'start', 3));
    expect(resumed).toMatchObject({ status: 'in_progress', version: 4, comment: null });
    expect(resumed.user?.id).not.toBe(s1.user?.id);
    expect(resumed.startedAt).toBe(s1.startedAt);
    const validated = ok<ItemRefurbStepResponse>(await act(operator, id, 'validate', 4, { comment: 'OK' }));
    expect(validated).toMatchObject({ status: 'completed', version: 5, comment: 'OK', certificate: null });
    expect(validated.completedAt).not.toBeNull();

    events = await history(item.id);
    expect(events.slice(-3).map((e) => [e.reason, e.comment])).toEqual([
      ['refurb_step_paused', 'Nettoyage complet — En attente de pièce'],
      ['refurb_step_resumed', 'Nettoyage complet'],
      ['refurb_step_completed', 'Nettoyage complet — OK'],
    ]);
    expect(ok<ItemRefurbStepsResponse>(await list(operator, item.id)).item.completedRefurbCostCents).toBe(
      300,
    );
  });

  it("starting a service leaves the item where it is when it is already in the service's stock or the stock is another warehouse's", async () => {
    const { item, ids } = await refurbishing([
      { name: 'Atelier', costCents: 100, stockId: S.workshopSaintPriest },
      { name: 'Même atelier', costCents: 100, stockId: S.workshopSaintPriest },
      { name: 'Roubaix', costCents: 100, stockId: S.workshopRoubaix },
    ]);
    ok(await act(operator, ids[0] as string, 'start', 1));
    ok(await act(operator, ids[1] as string, 'start', 1));
    ok(await act(operator, ids[2] as string, 'start', 1));
    const events = await history(item.id);
    expect(events.slice(-3).map((e) => [e.reason, e.stock?.id])).toEqual([
      ['refurb_step_started', S.workshopSaintPriest],
      ['refurb_step_started', S.workshopSaintPriest],
      ['refurb_step_started', S.workshopSaintPriest],
    ]);
  });

  it('a cancel needs its comment, 255 characters at most; it is the cancel reason', async () => {
    const { item, ids } = await refurbishing();
    const id = ids[1] as string;
    expectViolation(await act(operator, id, 'cancel', 1), 'cancel_comment_required', 'comment');
    expectProblem(await act(operator, id, 'cancel', 1, { comment: '   ' }), 422, 'cancel_comment_required');
    expectViolation(
      await act(operator, id, 'cancel', 1, { comment: 'x'.repeat(256) }),
      'too_long',
      'comment',
    );
    expect(await current(id)).toMatchObject({ status: 'to_do', version: 1 });
    const cancelled = ok<ItemRefurbStepResponse>(
      await act(operator, id, 'cancel', 1, { comment: 'x'.repeat(255) }),
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'x'.repeat(255), version: 2 });
    expect((await history(item.id)).at(-1)).toMatchObject({
      reason: 'refurb_step_cancelled',
      comment: `Remplacement de l'écran — ${'x'.repeat(255)}`,
    });
    // any comment is 255 at most
    expectViolation(
      await act(operator, ids[0] as string, 'start', 1, { comment: 'y'.repeat(256) }),
      'too_long',
      'comment',
    );
  });

  it('needs If-Match (428), in its quoted, weak or bare form', async () => {
    const { ids } = await refurbishing();
    const id = ids[0] as string;
    expectProblem(await act(operator, id, 'start', null), 428, 'precondition_required');
    expectProblem(await act(operator, id, 'start', ''), 428, 'precondition_required');
    expectProblem(await act(operator, id, 'start', '*'), 428, 'precondition_required');
    expect(await current(id)).toMatchObject({ status: 'to_do', version: 1 });
    expect((await act(operator, id, 'start', 'W/"1"')).statusCode).toBe(200);
    expect((await act(operator, id, 'pause', '2')).statusCode).toBe(200);
    expect((await act(operator, id, 'start', '"2", "3"')).statusCode).toBe(200);
  });

  it('two users act on the same version: the second gets 412 and nothing changes', async () => {
    const { item, ids } = await refurbishing();
    const id = ids[0] as string;
    // both opened the service at version 1
    expect((await read(operator, id)).headers.etag).toBe('"1"');
    expect((await read(managerHeaders, id)).headers.etag).toBe('"1"');
    ok(await act(managerHeaders, id, 'start', 1));
    const events = (await history(item.id)).length;
    const late = expectProblem(await act(operator, id, 'start', 1), 412, 'refurb_step_changed');
    expect(late.detail).toMatch(/changed by another user/);
    expect(late).toMatchObject({ currentStatus: 'in_progress', currentVersion: 2 });
    expectProblem(await act(operator, id, 'cancel', 1, { comment: 'Trop tard' }), 412, 'refurb_step_changed');
    expect(await current(id)).toMatchObject({
      status: 'in_progress',
      version: 2,
      user: { name: 'Wassim Haddad' },
    });
    expect((await history(item.id)).length).toBe(events);
  });

  it('refuses any action once the item is no longer in refurbishment', async () => {
    const { item, ids } = await refurbishing([{ name: 'Seule', costCents: 100 }]);
    ok(await act(operator, ids[0] as string, 'cancel', 1, { comment: 'Inutile' }));
    ok(await validateItem(operator, item.id));
    expectProblem(await act(operator, ids[0] as string, 'start', 2), 409, 'item_status_mismatch');
  });
});

describe("validating the item's services", () => {
  it('is refused while a service is to do, in progress or paused; accepted once all are completed or cancelled', async () => {
    const { item, ids } = await refurbishing();
    const [a, b, c] = ids as [string, string, string];
    expectProblem(await validateItem(operator, item.id), 409, 'refurb_steps_not_finished');
    ok(await act(operator, a, 'start', 1));
    ok(await act(operator, b, 'cancel', 1, { comment: 'Écran d’origine intact' }));
    ok(await act(operator, c, 'start', 1));
    ok(await act(operator, c, 'pause', 2));
    expectProblem(await validateItem(operator, item.id), 409, 'refurb_steps_not_finished');
    ok(await act(operator, c, 'start', 3));
    ok(await act(operator, c, 'validate', 4));
    expect(ok<ItemRefurbStepsResponse>(await list(operator, item.id)).canValidate).toBe(false);
    expectProblem(await validateItem(operator, item.id), 409, 'refurb_steps_not_finished');
    ok(await act(operator, a, 'validate', 2));
    const listed = ok<ItemRefurbStepsResponse>(await list(operator, item.id));
    expect(listed.canValidate).toBe(true);
    // the cancelled service costs nothing
    expect(listed.item.completedRefurbCostCents).toBe(300 + 2500);

    const res = await validateItem(operator, item.id);
    expect(ok(res)).toMatchObject({
      itemId: item.id,
      identificationNumber: item.identificationNumber,
      stock: { nativeKind: 'refurbishment_completed', warehouseId: O.warehouseSaintPriest },
      completedRefurbCostCents: 2800,
    });
    expect((await history(item.id)).at(-1)).toMatchObject({
      reason: 'refurb_completed',
      fromStatus: 'item_refurb_in_progress',
      toStatus: 'item_refurb_completed',
      stock: { nativeKind: 'refurbishment_completed' },
    });
    const row = await k.t.db
      .selectFrom('buyback_items')
      .select(['status', 'refurb_completed_at', 'completed_refurb_cost_cents'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('item_refurb_completed');
    expect(row.refurb_completed_at).not.toBeNull();
    expect(row.completed_refurb_cost_cents).toBe(2800);
    // done once
    expectProblem(await validateItem(operator, item.id), 409, 'item_not_in_refurbishment');
  });

  it('goes to the stock chosen, one of the item’s warehouse', async () => {
    const { item, ids } = await refurbishing([{ name: 'Seule', costCents: 100 }]);
    ok(await act(operator, ids[0] as string, 'start', 1));
    ok(await act(operator, ids[0] as string, 'validate', 2));
    expectViolation(
      await validateItem(operator, item.id, { stockId: S.workshopRoubaix }),
      'stock_not_in_warehouse',
      'stockId',
    );
    expectProblem(
      await validateItem(operator, item.id, { stockId: '00000000-0000-4000-8000-00000000ffff' }),
      422,
      'stock_not_in_warehouse',
    );
    expect(ok(await validateItem(operator, item.id, { stockId: S.shelfSaintPriest }))).toMatchObject({
      stock: { id: S.shelfSaintPriest, name: 'Étagère revente A', nativeKind: null },
      completedRefurbCostCents: 100,
    });
  });

  it('refuses an item that is not in refurbishment', async () => {
    const awaiting = await k.createBuyback();
    await advanceItem(manager, awaiting.item.id, 'item_completed_by_price');
    expectProblem(await validateItem(operator, awaiting.item.id), 409, 'item_not_in_refurbishment');
  });
});

describe('scope and permissions', () => {
  it("another buyer's warehouse, and another warehouse of the same buyer, see and change nothing (404)", async () => {
    const { item, ids } = await refurbishing();
    const id = ids[0] as string;
    for (const headers of [otherWarehouse, roubaix]) {
      expectProblem(await search(headers, item.identificationNumber), 404, 'item_not_found');
      expectProblem(await list(headers, item.id), 404, 'item_not_found');
      expectProblem(await read(headers, id), 404, 'not_found');
      expectProblem(await act(headers, id, 'start', 1), 404, 'not_found');
      expectProblem(await act(headers, id, 'cancel', 1, { comment: 'Non' }), 404, 'not_found');
      expectProblem(await validateItem(headers, item.id), 404, 'item_not_found');
    }
    expect(await current(id)).toMatchObject({ status: 'to_do', version: 1 });
    expectProblem(await read(operator, '00000000-0000-4000-8000-00000000ffff'), 404, 'not_found');
  });

  it('users without refurb.write are refused (403): a store seller, a buyer manager', async () => {
    const { item, ids } = await refurbishing();
    const id = ids[0] as string;
    for (const headers of [seller, buyer]) {
      expectProblem(await search(headers, item.identificationNumber), 403, 'forbidden');
      expectProblem(await list(headers, item.id), 403, 'forbidden');
      expectProblem(await read(headers, id), 403, 'forbidden');
      expectProblem(await act(headers, id, 'start', 1), 403, 'forbidden');
      expectProblem(await validateItem(headers, item.id), 403, 'forbidden');
    }
    expect(await current(id)).toMatchObject({ status: 'to_do', version: 1 });
  });

  it('an unknown action or a malformed id is refused before anything runs', async () => {
    const { ids } = await refurbishing();
    expect((await act(operator, ids[0] as string, 'finish' as ItemRefurbStepAction, 1)).statusCode).toBe(422);
    expect((await read(operator, 'not-a-uuid')).statusCode).toBe(422);
  });
});
