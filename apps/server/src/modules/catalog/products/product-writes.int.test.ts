import type { CategoryResponse, ProductResponse } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import {
  C,
  DEMO,
  DEMO_CATALOG,
  expectViolation,
  multipart,
  newCategory,
  newProduct,
  PNG,
  PRICES,
  useCatalogKit,
} from '../catalog.test-kit';

const k = useCatalogKit();

const create = (payload: Record<string, unknown>, who: 'rmu' | 'admin' = 'rmu') =>
  k.post(who, '/api/products', payload);
async function created(payload: Record<string, unknown> = {}): Promise<ProductResponse> {
  const res = await create(newProduct(payload));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const counts = async (categoryId: string) => {
  const c: CategoryResponse = (await k.get('rmu', `/api/categories/${categoryId}`)).json();
  return { products: c.numberOfProducts, published: c.numberOfPublishedProducts };
};

describe('creating a product', () => {
  it('creates a draft with its prices in cents, and writes an audit row', async () => {
    const product = await created({
      name: 'iPhone 13 reconditionné',
      brand: 'Apple',
      tacCodes: '35396811, 01234567',
    });
    expect(product).toMatchObject({
      accountId: DEMO.accounts.demoRetail,
      status: 'draft',
      buybackPrices: PRICES,
      tacCodes: ['35396811', '01234567'],
      isCollectingIMEI: false,
      buybackZeroNotAllowed: false,
      secondaryCategoryIds: [],
      image: null,
    });
    const audit = await k.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'create',
      entity_type: 'product',
      account_id: DEMO.accounts.demoRetail,
    });
  });

  it('counts the product in its main category, published or not', async () => {
    const before = await counts(C['tablets-lenovo']);
    await created({ mainCategoryId: C['tablets-lenovo'] });
    await created({ mainCategoryId: C['tablets-lenovo'], status: 'published' });
    expect(await counts(C['tablets-lenovo'])).toEqual({
      products: before.products + 2,
      published: before.published + 1,
    });
  });

  it.each([
    ['a', 'too_short'],
    ['a'.repeat(256), 'too_long'],
  ])('refuses the name %#', async (name, code) => {
    expectViolation(await create(newProduct({ name })), code, 'name');
  });

  it('accepts names of 2 and 255 characters', async () => {
    expect((await create(newProduct({ name: 'ab' }))).statusCode).toBe(201);
    expect((await create(newProduct({ name: 'x'.repeat(255) }))).statusCode).toBe(201);
  });

  it.each(['12345678', '123456789012', '1234567890123', '12345678901234'])(
    'accepts the EAN %s (8, 12, 13 or 14 digits)',
    async (eanCode) => {
      expect((await create(newProduct({ eanCode }))).json().eanCode).toBe(eanCode);
    },
  );

  it.each(['1234567', '123456789', '12345678901', '123456789012345', '12345678901a', '1234 5678'])(
    'refuses the EAN %j',
    async (eanCode) => {
      expectViolation(await create(newProduct({ eanCode })), 'invalid_ean', 'eanCode');
    },
  );

  it('takes TAC codes as an array or a comma-separated string, 8 digits each', async () => {
    expect((await created({ tacCodes: ['35396811'] })).tacCodes).toEqual(['35396811']);
    expect((await created({ tacCodes: '' })).tacCodes).toEqual([]);
    expectViolation(await create(newProduct({ tacCodes: '35396811,1234567' })), 'invalid_tac', 'tacCodes.1');
    expectViolation(await create(newProduct({ tacCodes: ['3539681a'] })), 'invalid_tac', 'tacCodes.0');
  });

  it('takes prices from 0 to 50000 (0 to 5,000,000 cents), whole cents', async () => {
    const bounds = { ...PRICES, functional: 5_000_000, grade_e: 0 };
    expect((await created({ buybackPrices: bounds })).buybackPrices).toEqual(bounds);
    expectViolation(
      await create(newProduct({ buybackPrices: { ...PRICES, grade_a: 5_000_001 } })),
      'price_range',
      'buybackPrices.grade_a',
    );
    expectViolation(
      await create(newProduct({ buybackPrices: { ...PRICES, grade_e: -1 } })),
      'price_range',
      'buybackPrices.grade_e',
    );
    expectViolation(
      await create(newProduct({ buybackPrices: { ...PRICES, grade_b: 10.5 } })),
      'not_integer',
      'buybackPrices.grade_b',
    );
    const { grade_c: _c, ...missing } = PRICES;
    expectViolation(
      await create(newProduct({ buybackPrices: missing })),
      'required',
      'buybackPrices.grade_c',
    );
  });

  it('limits the comment for the seller to 500 characters', async () => {
    expect((await create(newProduct({ commentForSeller: 'x'.repeat(500) }))).statusCode).toBe(201);
    expectViolation(
      await create(newProduct({ commentForSeller: 'x'.repeat(501) })),
      'too_long',
      'commentForSeller',
    );
  });

  it('takes whole dimensions in cm and a weight in g', async () => {
    const product = await created({ length: 15, width: 7, height: 1, weight: 174 });
    expect(product).toMatchObject({
      effectiveLength: 15,
      effectiveWidth: 7,
      effectiveHeight: 1,
      effectiveWeight: 174,
    });
    expectViolation(await create(newProduct({ weight: 1.5 })), 'not_integer', 'weight');
  });

  it('inherits empty dimensions from the main category, then its nearest ancestor', async () => {
    const top = (
      await k.post(
        'rmu',
        '/api/categories',
        newCategory({ defaultWeight: 900, defaultLength: 40, defaultWidth: 30 }),
      )
    ).json();
    const middle = (
      await k.post(
        'rmu',
        '/api/categories',
        newCategory({ parentCategoryId: top.id, defaultWeight: 500, defaultWidth: 20 }),
      )
    ).json();
    const leaf = (
      await k.post(
        'rmu',
        '/api/categories',
        newCategory({ parentCategoryId: middle.id, defaultWeight: 300, defaultHeight: 3 }),
      )
    ).json();
    const product = await created({ mainCategoryId: leaf.id, length: 12 });
    expect(product).toMatchObject({
      effectiveLength: 12,
      effectiveWidth: 20,
      effectiveHeight: 3,
      effectiveWeight: 300,
    });
  });

  it('refuses a main or secondary category outside the catalogue', async () => {
    const foreign = DEMO_CATALOG.otherCategories['smartphones-fairphone'];
    expectViolation(
      await create(newProduct({ mainCategoryId: foreign })),
      'category_not_found',
      'mainCategoryId',
    );
    expectViolation(
      await create(newProduct({ secondaryCategoryIds: [foreign] })),
      'category_not_found',
      'secondaryCategoryIds',
    );
    expectViolation(
      await create(newProduct({ mainCategoryId: '00000000-0000-4000-8000-00000000dead' })),
      'category_not_found',
      'mainCategoryId',
    );
  });

  it('keeps secondary categories, without the main one or duplicates', async () => {
    const product = await created({ secondaryCategoryIds: [C.audio, C.audio, C['smartphones-apple']] });
    expect(product.secondaryCategoryIds).toEqual([C.audio]);
    expect(product.secondaryCategories).toEqual([{ id: C.audio, identifier: 'audio', label: 'Audio' }]);
  });

  it('lets a platform operator write in any catalogue', async () => {
    const res = await create(
      newProduct({ mainCategoryId: DEMO_CATALOG.otherCategories['smartphones-fairphone'] }),
      'admin',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().accountId).toBe(DEMO.accounts.otherRetail);
  });

  it('is refused to readers (403)', async () => {
    expect((await k.post('analyst', '/api/products', newProduct())).statusCode).toBe(403);
  });
});

describe('updating a product', () => {
  it('merge-patches the fields sent, merging the prices, with before and after in the audit', async () => {
    const product = await created({ brand: 'Apple', model: 'X' });
    const res = await k.patch('rmu', `/api/products/${product.id}`, {
      brand: null,
      buybackPrices: { grade_a: 1 },
      name: 'Renamed',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      brand: null,
      model: 'X',
      name: 'Renamed',
      buybackPrices: { ...PRICES, grade_a: 1 },
    });
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity_id', '=', product.id)
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ name: product.name });
    expect(audit.after).toMatchObject({ name: 'Renamed' });
  });

  it('moves the counts with the status and the main category', async () => {
    const product = await created({ mainCategoryId: C['consoles-sony'] });
    const sony = await counts(C['consoles-sony']);
    const nintendo = await counts(C['consoles-nintendo']);
    await k.patch('rmu', `/api/products/${product.id}`, {
      status: 'published',
      mainCategoryId: C['consoles-nintendo'],
    });
    expect(await counts(C['consoles-sony'])).toEqual({
      products: sony.products - 1,
      published: sony.published,
    });
    expect(await counts(C['consoles-nintendo'])).toEqual({
      products: nintendo.products + 1,
      published: nintendo.published + 1,
    });
  });

  it('counts a product published or withdrawn in its category once', async () => {
    const product = await created({ mainCategoryId: C['consoles-sony'] });
    const drafted = await counts(C['consoles-sony']);
    await k.patch('rmu', `/api/products/${product.id}`, { status: 'published' });
    expect(await counts(C['consoles-sony'])).toEqual({
      products: drafted.products,
      published: drafted.published + 1,
    });
    await k.patch('rmu', `/api/products/${product.id}`, { status: 'draft' });
    expect(await counts(C['consoles-sony'])).toEqual(drafted);
  });

  it('applies the rules of creation', async () => {
    const product = await created();
    expectViolation(
      await k.patch('rmu', `/api/products/${product.id}`, { eanCode: '123' }),
      'invalid_ean',
      'eanCode',
    );
    expectViolation(
      await k.patch('rmu', `/api/products/${product.id}`, { buybackPrices: { grade_d: 6_000_000 } }),
      'price_range',
      'buybackPrices.grade_d',
    );
    expectViolation(
      await k.patch('rmu', `/api/products/${product.id}`, {
        mainCategoryId: DEMO_CATALOG.otherCategories.smartphones,
      }),
      'category_not_found',
      'mainCategoryId',
    );
    expect((await k.patch('rmu', `/api/products/${product.id}`, { id: 'x' })).statusCode).toBe(422);
  });
});

describe('deleting a product', () => {
  it('deletes a product, takes it off the counts and the search, with an audit row', async () => {
    const product = await created({
      mainCategoryId: C['audio-sony'],
      status: 'published',
      name: 'Produit éphémère unique',
    });
    const before = await counts(C['audio-sony']);
    const found = await k.get('analyst', '/api/search/products?q=produit%20ephemere');
    expect(found.json().totalItems).toBe(1);
    expect((await k.remove('rmu', `/api/products/${product.id}`)).statusCode).toBe(204);
    expect((await k.get('rmu', `/api/products/${product.id}`)).statusCode).toBe(404);
    expect(await counts(C['audio-sony'])).toEqual({
      products: before.products - 1,
      published: before.published - 1,
    });
    expect((await k.get('analyst', '/api/search/products?q=produit%20ephemere')).json().totalItems).toBe(0);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', product.id)
      .where('action', '=', 'remove')
      .executeTakeFirst();
    expect(audit).toBeDefined();
  });
});

describe('product images', () => {
  it('stores the image and the HD image, JPG or PNG checked by content', async () => {
    const product = await created();
    const auth = (await k.t.login('root_management_unit_manager@demo.test')).authorization;
    for (const kind of ['image', 'image-hd'] as const) {
      const { body, contentType } = multipart(PNG);
      const res = await k.t.app.inject({
        method: 'PUT',
        url: `/api/products/${product.id}/${kind}`,
        payload: body,
        headers: { 'content-type': contentType, authorization: auth },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const after = (await k.get('rmu', `/api/products/${product.id}`)).json();
    expect(after.image.url).toMatch(/\/image\?v=/);
    expect(after.imageHd.url).toMatch(/\/image-hd\?v=/);
    expect((await k.get('analyst', after.imageHd.url)).headers['content-type']).toBe('image/png');
    const { body, contentType } = multipart(Buffer.from('%PDF-1.4 not an image'));
    const refused = await k.t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/image`,
      payload: body,
      headers: { 'content-type': contentType, authorization: auth },
    });
    expect(refused.statusCode).toBe(422);
  });
});
