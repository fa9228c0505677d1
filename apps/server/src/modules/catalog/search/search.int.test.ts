import { type ProductResponse, type ProductSearchResponse, SEARCH_COUNT_LIMIT } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { systemContext, transact } from '../../../platform/request-context';
import { C, DEMO, DEMO_CATALOG, newProduct, useCatalogKit, type Who } from '../catalog.test-kit';
import { createPostgresProductSearch } from './postgres-product-search';
import { searchTuning } from './search.repository';

const k = useCatalogKit();

const search = async (query: string, who: Who = 'analyst'): Promise<ProductSearchResponse> => {
  const res = await k.get(who, `/api/search/products?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const q = (text: string) => `q=${encodeURIComponent(text)}`;
const names = (r: ProductSearchResponse) => r.member.map((h) => h.name);

async function anyProduct(query: string): Promise<ProductResponse> {
  return (await k.get('analyst', `/api/products?${query}&itemsPerPage=5`)).json().member[0];
}

describe('product search ranking', () => {
  it('ranks the product whose EAN is the query first, as a code match', async () => {
    const product = await anyProduct(`category[]=${C['smartphones-samsung']}`);
    const result = await search(q(product.eanCode as string));
    expect(result.member[0]).toMatchObject({ id: product.id, matchedBy: 'code' });
    expect(result.totalItems).toBe(1);
  });

  it('finds a product by its reference and by a TAC, or an IMEI starting with it', async () => {
    const product = await anyProduct(`category[]=${C['smartphones-google']}`);
    expect((await search(q((product.reference as string).toLowerCase()))).member[0]?.id).toBe(product.id);
    const tac = product.tacCodes[0] as string;
    const byTac = await search(q(tac));
    expect(byTac.member.map((h) => h.id)).toContain(product.id);
    expect(byTac.member.every((h) => h.matchedBy === 'code')).toBe(true);
    expect((await search(q(`${tac}1234567`))).member.map((h) => h.id)).toContain(product.id);
  });

  it('ranks exact codes before text matches of the same words', async () => {
    const target = await anyProduct('search_product_buyback=pixel%207a');
    const twin = await k.post(
      'rmu',
      '/api/products',
      newProduct({ name: `Étui ${target.eanCode}`, status: 'published' }),
    );
    expect(twin.statusCode, twin.body).toBe(201);
    const result = await search(q(target.eanCode as string));
    expect(result.member.map((h) => h.id)).toEqual([target.id, twin.json().id]);
    expect(result.member.map((h) => h.matchedBy)).toEqual(['code', 'text']);
  });

  it('finds "iphnoe 13": a misspelt word is corrected from the catalogue’s words', async () => {
    const result = await search(q('iphnoe 13'));
    expect(result.corrections).toEqual({ iphnoe: ['iphone'] });
    expect(result.totalItems).toBeGreaterThan(0);
    expect(result.member[0]?.name).toMatch(/^Apple iPhone 13 /);
    expect(result.member[0]?.highlight.name).toContain('<mark>iPhone</mark> <mark>13</mark>');
  });

  it('finds "galaxi s21"', async () => {
    const result = await search(q('galaxi s21'));
    expect(
      names(result)
        .slice(0, 3)
        .every((n) => n.startsWith('Samsung Galaxy S21')),
    ).toBe(true);
  });

  it('ranks the words as typed before longer words that start with them', async () => {
    const result = await search(q('iphone 13'));
    expect(
      names(result)
        .slice(0, 5)
        .every((n) => /iPhone 13 /.test(n)),
    ).toBe(true);
    expect(names(result)[0]).toBe('Apple iPhone 13 128 Go Minuit');
  });

  it('ignores accents and case: "ecran" finds "écran", "LUMIERE" finds "Lumière"', async () => {
    const result = await search(q('ecran'));
    expect(result.totalItems).toBeGreaterThan(0);
    expect(names(result).every((n) => n.includes('écran'))).toBe(true);
    expect(result.member[0]?.highlight.name).toContain('<mark>écran</mark>');
    expect(result.member[0]?.highlight.nameRanges.length).toBe(1);
    const upper = await search(q('LUMIERE stellaire'));
    expect(names(upper).every((n) => n.includes('Lumière stellaire'))).toBe(true);
  });

  it('matches words as prefixes', async () => {
    const result = await search(q('playst digit'));
    expect(result.totalItems).toBeGreaterThan(0);
    expect(names(result).every((n) => n.includes('PlayStation 5 Digital'))).toBe(true);
  });

  it('filters by category, with its descendants', async () => {
    const result = await search(`${q('apple')}&category[]=${C.watches}`);
    expect(result.totalItems).toBeGreaterThan(0);
    expect(names(result).every((n) => n.startsWith('Apple Watch'))).toBe(true);
    const none = await search(`${q('iphone')}&category[]=${C.audio}`);
    expect(none.totalItems).toBe(0);
  });

  it('lists the published products 40 per page when the query is empty', async () => {
    const first = await search('');
    expect(first.member).toHaveLength(40);
    const published = (await k.get('analyst', '/api/products')).json().totalItems;
    expect(first.totalItems).toBe(published);
    const second = await search('page=2');
    expect(second.member.some((h) => first.member.some((f) => f.id === h.id))).toBe(false);
  });

  it('returns published products only', async () => {
    const draft = await anyProduct('status=draft');
    expect((await search(q(draft.eanCode as string))).totalItems).toBe(0);
  });

  it('escapes names in the highlight', async () => {
    const created = await k.post(
      'rmu',
      '/api/products',
      newProduct({ name: 'Coque <b>Zorglub</b> & film', status: 'published' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const hit = (await search(q('zorglub'))).member[0];
    expect(hit?.highlight.name).toBe('Coque &lt;b&gt;<mark>Zorglub</mark>&lt;/b&gt; &amp; film');
  });
});

describe('product search paging', () => {
  it('pages through the matches without gaps or repeats', async () => {
    const first = await search(q('apple'));
    const total = first.totalItems;
    expect(total).toBeGreaterThan(80);
    const all = [...first.member];
    for (let page = 2; all.length < total; page += 1) {
      const next = await search(`${q('apple')}&page=${page}`);
      expect(next.member.length).toBeGreaterThan(0);
      all.push(...next.member);
    }
    expect(new Set(all.map((h) => h.id)).size).toBe(total);
  });

  it('ranks each tier whole before the next, shortest name first within a tier', async () => {
    // "Pixel 7 …" has both words as typed; "Pixel 7a …" only as prefixes
    const result = await search(q('pixel 7'));
    const typed = result.member.map((h) => /Pixel 7 /.test(h.name));
    expect(typed.indexOf(false)).toBeGreaterThan(0);
    expect(typed.slice(typed.indexOf(false)).includes(true)).toBe(false);
    const lengths = result.member.slice(0, typed.indexOf(false)).map((h) => h.name.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
  });

  it('counts matches up to SEARCH_COUNT_LIMIT and then says there are more', async () => {
    const broad = await search(q('a'));
    expect(broad.totalItems).toBeLessThanOrEqual(SEARCH_COUNT_LIMIT);
    expect(broad.totalItemsCapped).toBe(broad.totalItems === SEARCH_COUNT_LIMIT);
    const narrow = await search(q('galaxi s21'));
    expect(narrow.totalItemsCapped).toBe(false);
  });
});

describe('product search strategies', () => {
  // each reading of a query (sorted at once, tier by tier, walked along the order's index; counted
  // by a scan or from the GIN bitmap) answers the same pages and counts
  const ways: Record<string, Partial<typeof searchTuning>> = {
    'walked, counted by a scan': { sortBelowEstimate: -1, countByScanFromShare: 0 },
    'walked, counted from the bitmap': { sortBelowEstimate: -1, countByScanFromShare: 2 },
    'tier by tier, each sorted when small': { sortBelowEstimate: 1e9, sortUpToMatches: 30 },
  };

  async function everyPage(query: string) {
    const pages: ProductSearchResponse[] = [await search(query)];
    while (pages.length * 40 < (pages[0]?.totalItems ?? 0) && pages.length < 10)
      pages.push(await search(`${query}&page=${pages.length + 1}`));
    return pages.map((p) => ({
      totalItems: p.totalItems,
      totalItemsCapped: p.totalItemsCapped,
      hits: p.member.map((h) => `${h.id} ${h.matchedBy}`),
    }));
  }

  it.each(Object.entries(ways))('answers as the default reading when %s', async (_, way) => {
    const ean = (await anyProduct(`category[]=${C['smartphones-samsung']}`)).eanCode as string;
    const queries = [
      q('apple'),
      q('pixel 7'),
      q('iphnoe 13'),
      q('ecran'),
      q(ean),
      `${q('apple')}&category[]=${C.watches}`,
    ];
    const expected = await Promise.all(queries.map(everyPage));
    expect(expected[0]?.[0]?.totalItems).toBeGreaterThan(80);
    const saved = { ...searchTuning };
    Object.assign(searchTuning, way);
    try {
      for (const [i, query] of queries.entries()) expect(await everyPage(query), query).toEqual(expected[i]);
    } finally {
      Object.assign(searchTuning, saved);
    }
  });
});

describe('product search index', () => {
  it('follows product writes in their transaction: create, rename, unpublish', async () => {
    const created = await k.post(
      'rmu',
      '/api/products',
      newProduct({ name: 'Walkman Quasimodo', status: 'published' }),
    );
    const id = created.json().id;
    expect((await search(q('quasimodo'))).member.map((h) => h.id)).toEqual([id]);
    await k.patch('rmu', `/api/products/${id}`, { name: 'Walkman Esmeralda' });
    expect((await search(q('quasimodo'))).totalItems).toBe(0);
    expect((await search(q('esmeralda'))).totalItems).toBe(1);
    await k.patch('rmu', `/api/products/${id}`, { status: 'draft' });
    expect((await search(q('esmeralda'))).totalItems).toBe(0);
  });

  it('brings documents up to date from a job too, in a system context of the account', async () => {
    const created = await k.post(
      'rmu',
      '/api/products',
      newProduct({ name: 'Walkman Frollo', status: 'published' }),
    );
    const id = created.json().id;
    // a write the index has not followed (an import job writes so before indexing its products)
    await k.t.db.updateTable('products').set({ name: 'Walkman Clopin' }).where('id', '=', id).execute();
    expect((await search(q('clopin'))).totalItems).toBe(0);
    const job = systemContext(k.t.deps, { kind: 'account', accountId: DEMO.accounts.demoRetail });
    await transact(job, (tx) => createPostgresProductSearch(k.t.db).index(tx, [id]));
    expect((await search(q('clopin'))).member.map((h) => h.id)).toEqual([id]);
    expect((await search(q('frollo'))).totalItems).toBe(0);
  });
});

describe('product search isolation', () => {
  it('Other Retail finds none of Demo Retail’s products, by words or codes', async () => {
    expect((await search(q('iphone'), 'otherRmu')).totalItems).toBe(0);
    const product = await anyProduct(`category[]=${C.smartphones}`);
    expect((await search(q(product.eanCode as string), 'otherRmu')).totalItems).toBe(0);
    expect((await search(q('fairphone'), 'otherRmu')).totalItems).toBe(3);
    expect((await search('', 'otherRmu')).totalItems).toBe(3);
  });

  it('Demo Retail finds none of Other Retail’s products', async () => {
    expect((await search(q('fairphone'))).totalItems).toBe(0);
    expect((await search(`category[]=${DEMO_CATALOG.otherCategories.smartphones}`)).totalItems).toBe(0);
  });

  it('a buyer searches the products of the catalogues linked to it', async () => {
    expect((await search(q('fairphone'), 'buyer')).totalItems).toBe(3);
    expect((await search(q('iphone 13'), 'buyer')).totalItems).toBeGreaterThan(0);
  });

  it('needs product.list or buyback.create (the wizard), and answers 422 to malformed input', async () => {
    expect((await k.get('seller', '/api/search/products?q=iphone')).statusCode).toBe(200);
    expect((await k.get('warehouse', '/api/search/products?q=iphone')).statusCode).toBe(403);
    expect((await k.get('analyst', '/api/search/products?category[]=nope')).statusCode).toBe(422);
    expect((await k.get('analyst', '/api/search/products?page=0')).statusCode).toBe(422);
    expect((await k.get('analyst', `/api/search/products?${q('x'.repeat(256))}`)).statusCode).toBe(422);
    expect((await k.get('analyst', `/api/search/products?${q("'&|!():*<>\\")}`)).statusCode).toBe(200);
  });
});
