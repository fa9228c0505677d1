import type { ProductListResponse, ProductResponse } from '@reprise/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { C, DEMO, expectViolation, newProduct, useCatalogKit } from '../catalog.test-kit';
import { listProducts, listTuning } from './product-list.repository';

const k = useCatalogKit();

const list = async (query: string, who: 'analyst' | 'otherRmu' | 'buyer' | 'admin' = 'analyst') => {
  const res = await k.get(who, `/api/products${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductListResponse;
};

/** The number of Demo Retail products matching a SQL condition (the truth the counts must give). */
const countWhere = async (condition: string) => {
  const row = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM products WHERE account_id = ${DEMO.accounts.demoRetail} AND ${sql.raw(condition)}`.execute(
    k.t.db,
  );
  return row.rows[0]?.n;
};

describe('product list', () => {
  it('lists published products by default, 10 per page, by name ascending', async () => {
    const page = await list('');
    expect(page.member).toHaveLength(10);
    expect(page.member.every((p) => p.status === 'published')).toBe(true);
    expect(page.totalItems).toBe(await countWhere("status = 'published'"));
    const names = page.member.map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('lists every status, or the drafts only', async () => {
    expect((await list('?status=all')).totalItems).toBe(await countWhere('true'));
    const drafts = await list('?status=draft&itemsPerPage=30');
    expect(drafts.totalItems).toBe(await countWhere("status = 'draft'"));
    expect(drafts.member.every((p) => p.status === 'draft')).toBe(true);
  });

  it('offers pages of 5, 10, 15 and 30 products, and nothing else', async () => {
    for (const size of [5, 15, 30]) expect((await list(`?itemsPerPage=${size}`)).member).toHaveLength(size);
    expectViolation(
      await k.get('analyst', '/api/products?itemsPerPage=20'),
      'invalid_page_size',
      'itemsPerPage',
    );
  });

  it('filters by category, the category including its descendants', async () => {
    const page = await list(`?category[]=${C.smartphones}&itemsPerPage=30`);
    const brands = [
      C['smartphones-apple'],
      C['smartphones-samsung'],
      C['smartphones-google'],
      C['smartphones-xiaomi'],
      C['smartphones-oneplus'],
    ];
    expect(page.member.every((p) => brands.includes(p.mainCategoryId))).toBe(true);
    expect(page.totalItems).toBe(
      await countWhere(`status = 'published' AND main_category_id IN ('${brands.join("','")}')`),
    );
    const two = await list(`?category[]=${C['audio-bose']}&category[]=${C['audio-sony']}&status=all`);
    expect(two.totalItems).toBe(
      await countWhere(`main_category_id IN ('${C['audio-bose']}', '${C['audio-sony']}')`),
    );
  });

  it('finds a product through a secondary category too, and counts it once', async () => {
    const created = await k.post(
      'rmu',
      '/api/products',
      newProduct({
        mainCategoryId: C['audio-bose'],
        secondaryCategoryIds: [C['watches-garmin']],
        status: 'published',
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const watches = await list(
      `?category[]=${C.watches}&itemsPerPage=30&search_product_buyback=${encodeURIComponent(created.json().name)}`,
    );
    expect(watches.member.map((p) => p.id)).toEqual([created.json().id]);
    const both = await list(`?category[]=${C.watches}&category[]=${C.audio}`);
    const expected = await countWhere(
      `status = 'published' AND (main_category_id IN (SELECT id FROM categories WHERE path LIKE '/${C.watches}/%' OR path LIKE '/${C.audio}/%'))`,
    );
    expect(both.totalItems).toBe(expected);
    const watchesOnly = await list(`?category[]=${C.watches}`);
    expect(watchesOnly.totalItems).toBe(
      ((await countWhere(
        `status = 'published' AND main_category_id IN (SELECT id FROM categories WHERE path LIKE '/${C.watches}/%')`,
      )) as number) + 1,
    );
  });

  it('filters by name, brand, model, EAN or reference, case and accents ignored', async () => {
    const byName = await list('?search_product_buyback=IPHONE%2013%20pro&itemsPerPage=30');
    expect(byName.totalItems).toBeGreaterThan(0);
    expect(byName.member.every((p) => /iphone 13 pro/i.test(p.name))).toBe(true);
    const accents = await list('?search_product_buyback=lumiere%20stellaire');
    expect(accents.member[0]?.name).toContain('Lumière stellaire');
    const sample = byName.member[0] as ProductResponse;
    const byEan = await list(`?search_product_buyback=${sample.eanCode}`);
    expect(byEan.member.map((p) => p.id)).toEqual([sample.id]);
    const byBrand = await list('?search_product_buyback=garmin&status=all');
    expect(byBrand.totalItems).toBe(await countWhere("brand = 'Garmin'"));
    expect((await list('?search_product_buyback=xyzzy')).totalItems).toBe(0);
  });

  it('counts a text filter’s matches up to the limit, then says there are more', async () => {
    const scope = { kind: 'account', accountId: DEMO.accounts.demoRetail } as const;
    const filters = { words: ['apple'], status: 'published' } as const;
    const byName = { field: 'name', direction: 'asc' } as const;
    const exact = await listProducts(k.t.db, scope, { ...filters, words: [...filters.words] }, byName, {
      offset: 0,
      limit: 10,
    });
    expect(exact.totalCapped).toBe(false);
    expect(exact.total).toBe(await countWhere("status = 'published' AND filter_text LIKE '%apple%'"));
    const capped = await listProducts(
      k.t.db,
      scope,
      { ...filters, words: [...filters.words] },
      byName,
      { offset: 10, limit: 10 },
      5,
    );
    expect(capped).toMatchObject({ total: 5, totalCapped: true });
    // a page past the count still answers its products, the same as without the limit
    const uncapped = await listProducts(k.t.db, scope, { ...filters, words: [...filters.words] }, byName, {
      offset: 10,
      limit: 10,
    });
    expect(capped.rows.map((r) => r.id)).toEqual(uncapped.rows.map((r) => r.id));
    expect(capped.rows).toHaveLength(10);
    expect((await list('?search_product_buyback=apple')).totalItemsCapped).toBe(false);
  });

  it('reads a text filter’s page and count the same along the order’s index as from its matches', async () => {
    const scope = { kind: 'account', accountId: DEMO.accounts.demoRetail } as const;
    const saved = listTuning.textWalkFromEstimate;
    const read = async (
      walk: boolean,
      words: string[],
      order: Parameters<typeof listProducts>[3],
      offset: number,
      countLimit?: number,
    ) => {
      listTuning.textWalkFromEstimate = walk ? 0 : Number.POSITIVE_INFINITY;
      const found = await listProducts(
        k.t.db,
        scope,
        { words, status: 'published' },
        order,
        { offset, limit: 10 },
        countLimit,
      );
      return { ...found, rows: found.rows.map((r) => r.id) };
    };
    try {
      for (const words of [['iphone', '13'], ['apple'], ['garmin']])
        for (const order of [
          { field: 'name', direction: 'asc' },
          { field: 'price', direction: 'desc' },
          { field: 'status', direction: 'asc' },
        ] as const)
          for (const offset of [0, 10, 500])
            for (const countLimit of [undefined, 5]) {
              const matched = await read(false, words, order, offset, countLimit);
              expect(
                await read(true, words, order, offset, countLimit),
                `${words} ${order.field} ${offset}`,
              ).toEqual(matched);
              if (offset === 0) expect(matched.rows.length).toBeGreaterThan(0);
            }
    } finally {
      listTuning.textWalkFromEstimate = saved;
    }
  });

  it('filters by grade-A price bounds in cents', async () => {
    const page = await list('?buybackPriceGradeA[gte]=20000&buybackPriceGradeA[lte]=30000&itemsPerPage=30');
    expect(
      page.member.every((p) => p.buybackPrices.grade_a >= 20000 && p.buybackPrices.grade_a <= 30000),
    ).toBe(true);
    expect(page.totalItems).toBe(
      await countWhere("status = 'published' AND price_grade_a BETWEEN 20000 AND 30000"),
    );
    expect(
      (await list('?buybackPriceGradeA[gte]=30000&buybackPriceGradeA[lte]=30000')).member.every(
        (p) => p.buybackPrices.grade_a === 30000,
      ),
    ).toBe(true);
  });

  it('refuses a minimum price above the maximum', async () => {
    const res = await k.get(
      'analyst',
      '/api/products?buybackPriceGradeA[gte]=30000&buybackPriceGradeA[lte]=20000',
    );
    expectViolation(res, 'min_exceeds_max', 'buybackPriceGradeA[gte]');
  });

  it.each([
    ['name', 'desc', (p: ProductResponse) => p.name.toLowerCase()],
    ['brand', 'asc', (p: ProductResponse) => (p.brand ?? '').toLowerCase()],
    ['category', 'asc', (p: ProductResponse) => p.mainCategory.label.toLowerCase()],
    ['price', 'desc', (p: ProductResponse) => p.buybackPrices.grade_a],
    ['status', 'asc', (p: ProductResponse) => p.status],
  ] as [string, string, (p: ProductResponse) => string | number][])(
    'orders by %s %s',
    async (field, direction, key) => {
      const page = await list(`?order[${field}]=${direction}&itemsPerPage=30&status=all`);
      const keys = page.member.map((p) => key(p));
      const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(keys).toEqual(direction === 'asc' ? sorted : sorted.reverse());
    },
  );

  it('pages without overlap', async () => {
    const first = await list('?itemsPerPage=30');
    const second = await list('?itemsPerPage=30&page=2');
    const ids = new Set(first.member.map((p) => p.id));
    expect(second.member.some((p) => ids.has(p.id))).toBe(false);
    expect(first.view.next).toContain('page=2');
  });

  it('answers every field of a product, with its effective dimensions inherited', async () => {
    const page = await list(`?category[]=${C['smartphones-apple']}&itemsPerPage=5`);
    const product = (await k.get('analyst', `/api/products/${page.member[0]?.id}`)).json() as ProductResponse;
    expect(product).toMatchObject({
      accountId: DEMO.accounts.demoRetail,
      brand: 'Apple',
      mainCategory: { id: C['smartphones-apple'], identifier: 'smartphones-apple', label: 'Apple' },
      isCollectingIMEI: true,
      length: null,
      weight: null,
      // the brand sub-category's weight, the top category's dimensions
      effectiveWeight: 190,
      effectiveLength: 16,
      effectiveWidth: 8,
      effectiveHeight: 1,
    });
    expect(product.eanCode).toMatch(/^\d{13}$/);
    expect(product.tacCodes.every((tac) => /^\d{8}$/.test(tac))).toBe(true);
    const prices = Object.values(product.buybackPrices);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });
});

describe('product isolation', () => {
  it('Other Retail lists only its own three products', async () => {
    const page = await list('?status=all', 'otherRmu');
    expect(page.totalItems).toBe(3);
    expect(page.member.every((p) => p.accountId === DEMO.accounts.otherRetail)).toBe(true);
    expect((await list(`?category[]=${C.smartphones}`, 'otherRmu')).totalItems).toBe(0);
  });

  it('Other Retail gets 404 on a Demo Retail product', async () => {
    const product = (await list('')).member[0] as ProductResponse;
    for (const path of ['', '/questionnaire', '/category_tree', '/image']) {
      expect((await k.get('otherRmu', `/api/products/${product.id}${path}`)).statusCode, path).toBe(404);
    }
    expect((await k.patch('otherRmu', `/api/products/${product.id}`, { name: 'Pris' })).statusCode).toBe(404);
    expect((await k.remove('otherRmu', `/api/products/${product.id}`)).statusCode).toBe(404);
  });

  it('a buyer lists the products of the categories linked to it, of every retailer', async () => {
    const page = await list('?status=all', 'buyer');
    expect(page.totalItems).toBe(((await countWhere('true')) as number) + 3);
    expect((await k.post('buyer', '/api/products', newProduct())).statusCode).toBe(403);
  });

  it('a platform operator lists one retailer’s products by account', async () => {
    expect((await list(`?accountId=${DEMO.accounts.otherRetail}`, 'admin')).totalItems).toBe(3);
  });

  it('users without catalogue permissions get 403', async () => {
    expect((await k.get('seller', '/api/products')).statusCode).toBe(403);
  });

  it('answers 422, never 500, to malformed filters', async () => {
    for (const query of [
      '?category[]=nope',
      '?status=archived',
      '?buybackPriceGradeA[gte]=-1',
      '?buybackPriceGradeA[lte]=5000001',
      '?buybackPriceGradeA[gte]=abc',
      '?order[price]=up',
      '?page=0',
    ]) {
      expect((await k.get('analyst', `/api/products${query}`)).statusCode, query).toBe(422);
    }
  });
});
