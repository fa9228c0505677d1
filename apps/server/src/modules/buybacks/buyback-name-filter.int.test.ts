import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuybackKit, customer, IBAN, startBuybackKit } from '../../../test/buyback-kit';

let k: BuybackKit;
const NAMES = [
  ['Omar', 'Benali'],
  ['Léa', 'Marchand'],
  ['Ana', 'Dámaris'],
  ['Hugo', 'Martin'],
  ['Inès', 'Garcia'],
  ['Zoé', 'Lemaréchal'],
];
beforeAll(async () => {
  k = await startBuybackKit();
  const productId = await k.newProduct();
  for (const [firstName, lastName] of NAMES)
    await k.createBuyback({ productId, customer: customer({ firstName, lastName, iban: IBAN }) });
});
afterAll(() => k.close());

type Member = { id: string; customerName: string };
const list = async (query: string) => {
  const res = await k.get('rmu', `/api/buybacks?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { totalItems: number; member: Member[] };
};
const folded = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

describe('the customer-name filter (its matches counted and sorted in one statement)', () => {
  const orders = ['createdAt', 'identificationNumber', 'totalPrice', 'status', 'customerName'];
  it('answers, in every order and page, the matches of the list without the filter, and their number', async () => {
    for (const field of orders)
      for (const direction of ['asc', 'desc']) {
        const sort = `order[${field}]=${direction}`;
        const all = (await list(`${sort}&itemsPerPage=100`)).member;
        const expected = all.filter((b) => folded(b.customerName).includes('mar'));
        expect(expected.length).toBeGreaterThanOrEqual(4);
        for (const page of [1, 2, 3]) {
          const found = await list(`${sort}&customerName=MAR&itemsPerPage=2&page=${page}`);
          expect(found.totalItems).toBe(expected.length);
          expect(found.member.map((b) => b.id)).toEqual(
            expected.slice(2 * (page - 1), 2 * page).map((b) => b.id),
          );
        }
      }
  });

  it('answers the total past the last page, and nothing for a name no customer bears', async () => {
    const past = await list('customerName=mar&page=50&itemsPerPage=10');
    expect(past.member).toEqual([]);
    expect(past.totalItems).toBeGreaterThanOrEqual(4);
    expect(await list('customerName=zzqx')).toMatchObject({ totalItems: 0, member: [] });
  });
});
