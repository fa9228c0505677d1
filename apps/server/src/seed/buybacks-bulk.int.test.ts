import { isValidEan13 } from '@reprise/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKit, startApiKit, type Who } from '../../test/api-kit';
import { DEMO } from '../../test/test-app';
import { fold } from '../modules/catalog/catalog-text';
import { insertBulkBuybacks } from './buybacks-bulk';

const COUNT = 250;

let k: ApiKit;
let before: Record<'rmu' | 'seller' | 'buyer', number>;
let generated: {
  id: string;
  identification_number: string;
  item_number: string;
  store_id: string | null;
  organization_path: string;
  status: string;
  cancel_reason: string | null;
  item_status: string;
  payment_status: string;
  buyer_account_id: string;
  destination_warehouse_id: string | null;
  customer_sort_name: string;
  first_name: string;
  last_name: string;
  created_at: Date;
}[];

const total = async (who: Who, query = '') => {
  const res = await k.get(who, `/api/buybacks?itemsPerPage=1${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().totalItems as number;
};

beforeAll(async () => {
  k = await startApiKit();
  before = { rmu: await total('rmu'), seller: await total('seller'), buyer: await total('buyer') };
  const { rows } = await sql<{ n: string }>`SELECT max(identification_number) AS n FROM buybacks`.execute(
    k.t.db,
  );
  await k.t.db.transaction().execute((trx) => insertBulkBuybacks(trx, COUNT, { chunk: 100 }));
  generated = (
    await sql<(typeof generated)[number]>`
      SELECT b.id, b.identification_number, i.identification_number AS item_number, b.store_id,
             b.organization_path, b.status, b.cancel_reason, i.status AS item_status,
             p.status AS payment_status, b.buyer_account_id, b.destination_warehouse_id,
             b.customer_sort_name, cu.first_name, cu.last_name, b.created_at
        FROM buybacks b
        JOIN buyback_items i ON i.buyback_id = b.id
        JOIN payments p ON p.buyback_id = b.id
        JOIN customers cu ON cu.id = b.customer_id
       WHERE b.identification_number > ${rows[0]?.n as string}`.execute(k.t.db)
  ).rows;
});
afterAll(() => k.close());

describe('npm run seed:buybacks (the bulk buybacks)', () => {
  it('adds the buybacks asked for, each with its item, payment and customer, all numbers valid EAN-13s and unique', () => {
    expect(generated).toHaveLength(COUNT);
    const numbers = generated.flatMap((b) => [b.identification_number, b.item_number]);
    expect(numbers.every(isValidEan13)).toBe(true);
    expect(new Set(numbers).size).toBe(2 * COUNT);
    expect(generated.every((b) => b.identification_number.startsWith('20'))).toBe(true);
    expect(generated.every((b) => b.item_number.startsWith('21'))).toBe(true);
  });

  it("spreads them over Demo Retail's stores and the web, the statuses, three years, and assigns three in five to Demo Buyer's warehouses", () => {
    const stores = new Set(generated.map((b) => b.store_id));
    expect(stores).toEqual(
      new Set([
        null,
        DEMO.orgs.storeParis,
        DEMO.orgs.storeLille,
        DEMO.orgs.storeBruxelles,
        DEMO.orgs.storeLiege,
      ]),
    );
    expect(new Set(generated.map((b) => b.status)).size).toBe(10);
    for (const b of generated) {
      expect(b.cancel_reason !== null).toBe(b.status === 'bb_cancelled');
      if (b.status === 'bb_cancelled')
        expect([b.item_status, b.payment_status]).toEqual(['item_cancelled', 'payment_cancelled']);
    }
    const buyer = generated.filter((b) => b.buyer_account_id === DEMO.accounts.demoBuyer);
    expect(buyer).toHaveLength((COUNT / 5) * 3);
    expect(new Set(buyer.map((b) => b.destination_warehouse_id))).toEqual(
      new Set([DEMO.orgs.warehouseSaintPriest, DEMO.orgs.warehouseRoubaix]),
    );
    const own = generated.filter((b) => b.buyer_account_id !== DEMO.accounts.demoBuyer);
    expect(
      own.every((b) => b.buyer_account_id === DEMO.accounts.demoRetail && !b.destination_warehouse_id),
    ).toBe(true);
    const days = generated.map((b) => new Date(b.created_at).getTime() / 86_400_000);
    expect(Math.max(...days) - Math.min(...days)).toBeGreaterThan(2 * 365);
    // the list's customer-name key, as a buyback created through the API writes it
    for (const b of generated)
      expect(b.customer_sort_name).toBe(fold(`${b.last_name} ${b.first_name}`).trim());
  });

  it('the buyback list shows them to the retailer root, the store seller (its store only) and the buyer', async () => {
    const paris = generated.filter((b) => b.store_id === DEMO.orgs.storeParis).length;
    expect(paris).toBeGreaterThan(0);
    expect(await total('rmu')).toBe(before.rmu + COUNT);
    expect(await total('seller')).toBe(before.seller + paris);
    expect(await total('buyer')).toBe(before.buyer + (COUNT / 5) * 3);
    const name = generated[0]?.last_name as string;
    const named = generated.filter((b) => b.customer_sort_name.includes(fold(name))).length;
    expect(await total('rmu', `&customerName=${encodeURIComponent(name)}`)).toBeGreaterThanOrEqual(named);
  });
});
