import type { ShippingMethod } from '@reprise/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../../platform/request-context';
import {
  CAT,
  CIRCUIT,
  DEMO,
  expectProblem,
  expectViolation,
  OTHER_CAT,
  PM,
  RULE,
  useConfigKit,
} from '../buyback-config.test-kit';
import { offeredCircuits } from './offered-circuits.service';

const k = useConfigKit();

let phone: string;
let laptop: string;
let draft: string;
let otherProduct: string;
beforeAll(async () => {
  const pick = async (categoryPrefix: string, status: string, account: string = DEMO.accounts.demoRetail) =>
    (
      await k.t.db
        .selectFrom('products as p')
        .innerJoin('categories as k', 'k.id', 'p.main_category_id')
        .select('p.id')
        .where('p.account_id', '=', account)
        .where('p.status', '=', status)
        .where('k.path', 'like', `/${categoryPrefix}/%`)
        .orderBy('p.id')
        .executeTakeFirstOrThrow()
    ).id;
  phone = await pick(CAT.smartphones as string, 'published');
  laptop = await pick(CAT.laptops as string, 'published');
  draft = await pick(CAT.smartphones as string, 'draft');
  otherProduct = await pick(OTHER_CAT.smartphones as string, 'published', DEMO.accounts.otherRetail);
});

const url = (product: string, query: string) => `/api/products/${product}/shipping-methods?${query}`;
const methods = async (product: string, query: string): Promise<ShippingMethod[]> => {
  const res = await k.get('seller', url(product, query));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().member;
};

/** Runs `change` in the database, then `check`, then puts the demo configuration back. */
async function withChange(change: string[], check: () => Promise<void>) {
  const saved = await snapshot();
  try {
    for (const statement of change) await sql.raw(statement).execute(k.t.db);
    await check();
  } finally {
    await restore(saved);
  }
}

async function snapshot() {
  return {
    circuits: await k.t.db.selectFrom('circuits').select(['id', 'status', 'warehouse_id']).execute(),
    rules: await k.t.db
      .selectFrom('dispatch_circuit_rules')
      .select(['id', 'status', 'eligible_countries'])
      .execute(),
    modes: await k.t.db.selectFrom('payment_modes').select(['id', 'status']).execute(),
    warehouses: await k.t.db
      .selectFrom('organizations')
      .select(['id', 'status'])
      .where('type', '=', 'warehouse')
      .execute(),
    links: await k.t.db.selectFrom('dispatch_circuit_rule_categories').selectAll().execute(),
  };
}

async function restore(s: Awaited<ReturnType<typeof snapshot>>) {
  for (const c of s.circuits)
    await k.t.db
      .updateTable('circuits')
      .set({ status: c.status, warehouse_id: c.warehouse_id })
      .where('id', '=', c.id)
      .execute();
  for (const r of s.rules)
    await k.t.db
      .updateTable('dispatch_circuit_rules')
      .set({ status: r.status, eligible_countries: r.eligible_countries })
      .where('id', '=', r.id)
      .execute();
  for (const m of s.modes)
    await k.t.db.updateTable('payment_modes').set({ status: m.status }).where('id', '=', m.id).execute();
  for (const w of s.warehouses)
    await k.t.db.updateTable('organizations').set({ status: w.status }).where('id', '=', w.id).execute();
  await k.t.db.deleteFrom('dispatch_circuit_rule_categories').execute();
  await k.t.db.insertInto('dispatch_circuit_rule_categories').values(s.links).execute();
}

/** A read of Demo Retail's configuration, as the wizard makes it (buybacks/wizard.service.ts). */
const demoRetail = () => systemContext(k.t.deps, { kind: 'account', accountId: DEMO.accounts.demoRetail });

describe('circuits offered for a product (the API’s shipping methods)', () => {
  it('offers the store circuits of the product’s category with their payment methods', async () => {
    const list = await methods(phone, 'channel=store');
    expect(list.map((m) => m.type)).toEqual(['store_collect', 'store_drop', 'store_drop_label']);
    const drop = list.find((m) => m.id === CIRCUIT.storeDrop) as ShippingMethod;
    expect(drop).toMatchObject({
      name: 'Dépôt en magasin',
      channel: 'store',
      depositType: 'drop',
      warehouseId: DEMO.orgs.warehouseSaintPriest,
      transferOrderNumberOfCopy: 2,
      availableCountries: ['FR', 'BE'],
      modifier: null,
      highlightedInstruction: "Relevez l'IMEI (*#06#) et vérifiez qu'il n'est pas bloqué.",
    });
    expect(drop.instructions.map((i) => [i.sequence, i.type])).toEqual([
      [1, 'sign'],
      [2, 'print'],
      [3, 'protect'],
      [4, 'close'],
    ]);
    expect(drop.paymentMethods.map((p) => [p.type, p.iban])).toEqual([
      ['voucher', false],
      ['gift_card', false],
      ['bank_transfer', true],
      ['no_iban_transfer', false],
    ]);
    expect(drop.paymentMethods.find((p) => p.id === PM.voucher)?.modifier).toEqual({
      kind: 'percentage',
      value: 10,
      capCents: 5000,
    });
    const collect = list.find((m) => m.id === CIRCUIT.storeCollect) as ShippingMethod;
    expect(collect.modifier).toEqual({ kind: 'percentage', value: -5, capCents: -1500 });
  });

  it('offers the web circuits, the rule’s own instructions and terms, and filters by country', async () => {
    const web = await methods(phone, 'channel=web');
    expect(web.map((m) => m.type)).toEqual(['web_drop', 'web_post']);
    const post = web.find((m) => m.id === CIRCUIT.webPost) as ShippingMethod;
    expect(post.instructions.map((i) => i.type)).toEqual(['join', 'mailbox']);
    expect(post.terms).toContain('La Poste');
    expect(post.highlightedInstruction).toBe('Retirez la carte SIM et la carte mémoire avant l’envoi.');
    // home collection serves laptops, in France only (the rule's countries)
    expect((await methods(laptop, 'channel=web')).map((m) => m.type)).toEqual([
      'web_collect',
      'web_drop',
      'web_post',
    ]);
    expect((await methods(laptop, 'channel=web&country=be')).map((m) => m.type)).toEqual([
      'web_drop',
      'web_post',
    ]);
    const collect = (await methods(laptop, 'channel=web&country=FR')).find(
      (m) => m.id === CIRCUIT.webCollect,
    );
    expect(collect?.modifier).toEqual({ kind: 'fixed', value: -500, capCents: null });
  });

  it('the function the wizard calls gives the same answer as the route', async () => {
    const fromRoute = await methods(phone, 'channel=store&country=FR');
    expect(await offeredCircuits(demoRetail(), DEMO.accounts.demoRetail, phone, 'store', 'FR')).toEqual(
      fromRoute,
    );
  });

  it('product_not_found: unknown, another account’s, or unpublished', async () => {
    expectProblem(
      await k.get('seller', url('00000000-0000-4000-8000-00000000abcd', 'channel=store')),
      404,
      'product_not_found',
    );
    expectProblem(await k.get('seller', url(otherProduct, 'channel=store')), 404, 'product_not_found');
    expectProblem(await k.get('seller', url(draft, 'channel=store')), 404, 'product_not_found');
    await expect(
      offeredCircuits(demoRetail(), DEMO.accounts.demoRetail, otherProduct, 'store'),
    ).rejects.toMatchObject({
      code: 'product_not_found',
    });
  });

  it('no_transport_mode: no circuit for the country, the rules disabled, or the category unlinked', async () => {
    expectProblem(await k.get('seller', url(phone, 'channel=store&country=DE')), 422, 'no_transport_mode');
    await withChange(
      [
        `UPDATE dispatch_circuit_rules SET status = 'disabled' WHERE circuit_id IN (SELECT id FROM circuits WHERE channel = 'store')`,
      ],
      async () => {
        expectProblem(await k.get('seller', url(phone, 'channel=store')), 422, 'no_transport_mode');
      },
    );
    await withChange(
      [`DELETE FROM dispatch_circuit_rule_categories WHERE category_id = '${CAT.smartphones}'`],
      async () => {
        expectProblem(await k.get('seller', url(phone, 'channel=web')), 422, 'no_transport_mode');
        expect((await methods(laptop, 'channel=web')).length).toBe(3);
      },
    );
    // an inactive circuit is not offered
    await withChange(
      [`UPDATE circuits SET status = 'inactive' WHERE id = '${CIRCUIT.storeCollect}'`],
      async () => {
        expect((await methods(phone, 'channel=store')).map((m) => m.id)).not.toContain(CIRCUIT.storeCollect);
      },
    );
  });

  it('a link to a sub-category serves its products; a link to the top category serves the whole tree', async () => {
    const apple = CAT['smartphones-apple'] as string;
    await withChange(
      [
        `DELETE FROM dispatch_circuit_rule_categories WHERE dispatch_circuit_rule_id = '${RULE.storeDropLabel}'`,
        `INSERT INTO dispatch_circuit_rule_categories VALUES ('${RULE.storeDropLabel}', '${apple}')`,
      ],
      async () => {
        const applePhone = (
          await k.t.db
            .selectFrom('products')
            .select('id')
            .where('main_category_id', '=', apple)
            .where('status', '=', 'published')
            .executeTakeFirstOrThrow()
        ).id;
        expect((await methods(applePhone, 'channel=store')).map((m) => m.id)).toContain(
          CIRCUIT.storeDropLabel,
        );
        expect((await methods(laptop, 'channel=store')).map((m) => m.id)).not.toContain(
          CIRCUIT.storeDropLabel,
        );
      },
    );
  });

  it('no_payment_mode: circuits found, none with an active payment mode', async () => {
    await withChange(
      [`UPDATE payment_modes SET status = 'inactive' WHERE account_id = '${DEMO.accounts.demoRetail}'`],
      async () => {
        expectProblem(await k.get('seller', url(phone, 'channel=store')), 422, 'no_payment_mode');
      },
    );
    // a circuit without an active payment mode is left out, the others stay
    await withChange(
      [`UPDATE payment_modes SET status = 'inactive' WHERE id IN ('${PM.bankTransfer}', '${PM.giftCard}')`],
      async () => {
        const list = await methods(phone, 'channel=store');
        expect(list.map((m) => m.id)).not.toContain(CIRCUIT.storeCollect);
        expect(
          list
            .find((m) => m.id === CIRCUIT.storeDrop)
            ?.paymentMethods.map((p) => p.id)
            .sort(),
        ).toEqual([PM.noIbanTransfer, PM.voucher].sort());
      },
    );
  });

  it('no_warehouse: a drop circuit whose warehouse closed falls back to the category’s, else is refused', async () => {
    await withChange(
      [`UPDATE organizations SET status = 'inactive' WHERE id = '${DEMO.orgs.warehouseSaintPriest}'`],
      async () => {
        const drop = (await methods(phone, 'channel=store')).find((m) => m.id === CIRCUIT.storeDrop);
        expect(drop?.warehouseId).toBe(DEMO.orgs.warehouseRoubaix);
      },
    );
    await withChange(
      [
        `UPDATE organizations SET status = 'inactive' WHERE type = 'warehouse'`,
        `UPDATE dispatch_circuit_rules SET status = 'disabled' WHERE id = '${RULE.storeCollect}'`,
      ],
      async () => {
        expectProblem(await k.get('seller', url(phone, 'channel=store')), 422, 'no_warehouse');
      },
    );
  });

  it('payment bonuses apply only with the premium feature payment_bonus', async () => {
    await withChange(
      [
        `UPDATE organization_root_details SET enabled_premium_features = '{}' WHERE account_id = '${DEMO.accounts.demoRetail}'`,
      ],
      async () => {
        const drop = (await methods(phone, 'channel=store')).find((m) => m.id === CIRCUIT.storeDrop);
        expect(drop?.paymentMethods.find((p) => p.id === PM.voucher)?.modifier).toBeNull();
      },
    );
    await sql
      .raw(
        `UPDATE organization_root_details SET enabled_premium_features = '{custom_transfer_order,multi_product_cart,payment_bonus}' WHERE account_id = '${DEMO.accounts.demoRetail}'`,
      )
      .execute(k.t.db);
  });

  it('validates the query and needs buyback.create', async () => {
    expectViolation(await k.get('seller', url(phone, 'channel=post')), 'invalid_value', 'channel');
    expectViolation(
      await k.get('seller', url(phone, 'channel=store&country=FRA')),
      'invalid_country',
      'country',
    );
    expectProblem(await k.get('analyst', url(phone, 'channel=store')), 403, 'forbidden');
  });

  it('Other Retail’s seller gets its own methods and never Demo Retail’s', async () => {
    const res = await k.get('otherSeller', url(otherProduct, 'channel=store'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().member.map((m: ShippingMethod) => m.id)).toEqual([CIRCUIT.otherStoreDrop]);
    expectProblem(await k.get('otherSeller', url(phone, 'channel=store')), 404, 'product_not_found');
  });
});
