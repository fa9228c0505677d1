import { beforeAll, describe, expect, it } from 'vitest';
import {
  C,
  DEMO,
  DEMO_CATALOG,
  expectViolation,
  multipart,
  newCategory,
  newProduct,
  PNG,
  useCatalogKit,
} from '../catalog.test-kit';

const k = useCatalogKit();

/** Demo Retail's premium features (the demo has no absorption): `absorption` on or off. */
const setAbsorptionFeature = async (enabled: boolean) => {
  const row = await k.t.db
    .selectFrom('organization_root_details')
    .select('enabled_premium_features')
    .where('account_id', '=', DEMO.accounts.demoRetail)
    .executeTakeFirstOrThrow();
  const others = row.enabled_premium_features.filter((f) => f !== 'absorption');
  await k.t.db
    .updateTable('organization_root_details')
    .set({ enabled_premium_features: enabled ? [...others, 'absorption'] : others })
    .where('account_id', '=', DEMO.accounts.demoRetail)
    .execute();
};
// the categories below set absorptions: Demo Retail holds the feature, but where a test says otherwise
beforeAll(() => setAbsorptionFeature(true));

const create = (payload: Record<string, unknown>, who: 'rmu' | 'admin' | 'otherRmu' = 'rmu') =>
  k.post(who, '/api/categories', payload);

async function created(payload: Record<string, unknown> = {}) {
  const res = await create(newCategory(payload));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('creating a category', () => {
  it('creates a category in the caller’s catalogue, with its audit row', async () => {
    const category = await created({
      label: 'Liseuses',
      defaultHeight: 1,
      defaultLength: 17,
      defaultWidth: 12,
      highlightedInstruction: 'Retirez la <b>housse</b>',
      description: '<p>Liseuses <script>alert(1)</script>électroniques</p>',
      childrenDescription: 'Choisissez la marque',
      absorptionType: 'by_value',
      absorptionValue: 1500,
      referringWarehouseIds: [DEMO.orgs.warehouseRoubaix, DEMO.orgs.warehouseSaintPriest],
    });
    expect(category).toMatchObject({
      accountId: DEMO.accounts.demoRetail,
      organizationId: DEMO.orgs.retailRoot,
      label: 'Liseuses',
      description: 'Liseuses électroniques',
      highlightedInstruction: 'Retirez la housse',
      absorptionType: 'by_value',
      absorptionValue: 1500,
      status: 'active',
      parentCategory: null,
      numberOfProducts: 0,
    });
    expect(category.referringWarehouseIds).toHaveLength(2);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', category.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'create',
      entity_type: 'category',
      account_id: DEMO.accounts.demoRetail,
    });
  });

  it('creates a sub-category under a parent of the same catalogue', async () => {
    const parent = await created();
    const child = await created({ parentCategoryId: parent.id });
    expect(child.parentCategory).toMatchObject({ id: parent.id });
    const ancestry = (await k.get('rmu', `/api/categories/${child.id}/ancestry`)).json();
    expect(ancestry.map((c: { id: string }) => c.id)).toEqual([parent.id, child.id]);
  });

  it.each([
    ['label', 'a', 'too_short'],
    ['label', 'a'.repeat(256), 'too_long'],
    ['identifier', 'a', 'too_short'],
    ['identifier', 'a'.repeat(256), 'too_long'],
    ['childrenDescription', 'a'.repeat(256), 'too_long'],
  ])('refuses a %s outside its bounds (%#)', async (field, value, code) => {
    expectViolation(await create(newCategory({ [field]: value })), code, field);
  });

  it('accepts labels and identifiers of exactly 2 and 255 characters', async () => {
    for (const length of [2, 255]) {
      const res = await create(
        newCategory({
          label: 'é'.repeat(length),
          identifier: `${'z'.repeat(length - 1)}${length}`.slice(-length),
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it.each(['Upper', 'with space', 'accentué', 'dot.ted', 'slash/ed'])(
    'refuses the identifier %j (only lowercase letters, digits, hyphen and underscore)',
    async (identifier) => {
      expectViolation(await create(newCategory({ identifier })), 'invalid_identifier', 'identifier');
    },
  );

  it('accepts an identifier of lowercase letters, digits, hyphen and underscore', async () => {
    expect((await create(newCategory({ identifier: 'ok_id-42' }))).statusCode).toBe(201);
  });

  it('refuses an identifier already used in the catalogue with identifier_not_unique', async () => {
    const res = await create(newCategory({ identifier: 'smartphones' }));
    expectViolation(res, 'identifier_not_unique', 'identifier');
    expect(res.json().code).toBe('identifier_not_unique');
  });

  it('lets another retailer use the same identifier in its own catalogue', async () => {
    const res = await create(
      newCategory({ identifier: 'tablets', referringWarehouseIds: [DEMO.orgs.warehouseRoubaix] }),
      'otherRmu',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().accountId).toBe(DEMO.accounts.otherRetail);
  });

  it('requires the default weight and the absorption value, as whole numbers', async () => {
    const { defaultWeight: _w, ...withoutWeight } = newCategory();
    expectViolation(await create(withoutWeight), 'required', 'defaultWeight');
    const { absorptionValue: _v, ...withoutValue } = newCategory();
    expectViolation(await create(withoutValue), 'required', 'absorptionValue');
    expectViolation(await create(newCategory({ defaultWeight: 10.5 })), 'not_integer', 'defaultWeight');
    expectViolation(await create(newCategory({ defaultHeight: 2.5 })), 'not_integer', 'defaultHeight');
    expectViolation(await create(newCategory({ defaultLength: -1 })), 'too_small', 'defaultLength');
    expectViolation(await create(newCategory({ defaultWidth: '12' })), 'not_a_number', 'defaultWidth');
  });

  it('accepts an absorption value of 0 only without absorption', async () => {
    expect((await create(newCategory({ absorptionType: 'none', absorptionValue: 0 }))).statusCode).toBe(201);
    expectViolation(
      await create(newCategory({ absorptionType: 'none', absorptionValue: 3 })),
      'absorption_value_without_type',
      'absorptionValue',
    );
    expectViolation(
      await create(newCategory({ absorptionType: 'by_value', absorptionValue: 0 })),
      'absorption_value_required',
      'absorptionValue',
    );
    expectViolation(
      await create(newCategory({ absorptionType: 'percentage_of_controlled_amount', absorptionValue: 101 })),
      'percentage_range',
      'absorptionValue',
    );
    expectViolation(
      await create(newCategory({ absorptionType: 'bogus' })),
      'invalid_value',
      'absorptionType',
    );
  });

  it('refuses markup in the children description, and strips it from the description', async () => {
    expectViolation(
      await create(newCategory({ childrenDescription: 'Choisissez <a href="x">ici</a>' })),
      'markup_not_allowed',
      'childrenDescription',
    );
    const category = await created({ description: '<img src=x onerror=alert(1)>Texte' });
    expect(category.description).toBe('Texte');
  });

  it('requires a buyer-side account as buyer', async () => {
    const { buyerAccountId: _b, ...withoutBuyer } = newCategory();
    expectViolation(await create(withoutBuyer), 'required', 'buyerAccountId');
    expectViolation(
      await create(newCategory({ buyerAccountId: DEMO.accounts.otherRetail })),
      'not_a_buyer',
      'buyerAccountId',
    );
  });

  it('requires at least one referring warehouse, each a warehouse of the buyer', async () => {
    expectViolation(
      await create(newCategory({ referringWarehouseIds: [] })),
      'at_least_one_warehouse',
      'referringWarehouseIds',
    );
    expectViolation(
      await create(newCategory({ referringWarehouseIds: [DEMO.orgs.storeParis] })),
      'not_a_buyer_warehouse',
      'referringWarehouseIds',
    );
  });

  it('refuses a parent from another catalogue', async () => {
    expectViolation(
      await create(newCategory({ parentCategoryId: DEMO_CATALOG.otherCategories.smartphones })),
      'invalid_parent',
      'parentCategoryId',
    );
  });

  it('has a platform operator name the retailer account of the catalogue', async () => {
    expectViolation(await create(newCategory(), 'admin'), 'required', 'accountId');
    expectViolation(
      await create(newCategory({ accountId: DEMO.accounts.demoBuyer }), 'admin'),
      'not_a_retailer',
      'accountId',
    );
    const res = await create(newCategory({ accountId: DEMO.accounts.otherRetail }), 'admin');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      accountId: DEMO.accounts.otherRetail,
      organizationId: DEMO.orgs.otherRoot,
    });
  });

  it('is refused to readers of the catalogue (403)', async () => {
    expect((await k.post('analyst', '/api/categories', newCategory())).statusCode).toBe(403);
    expect((await k.post('buyer', '/api/categories', newCategory())).statusCode).toBe(403);
  });

  it('answers 4xx problem documents to malformed bodies', async () => {
    const res = await k.t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: {
        authorization: (await k.t.login('root_management_unit_manager@demo.test')).authorization,
        'content-type': 'application/json',
      },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
    expect((await create({ ...newCategory(), unknownField: [1, 2] })).statusCode).toBe(201);
  });
});

describe('updating a category', () => {
  it('merge-patches the fields sent and writes the before and after', async () => {
    const category = await created({ defaultLength: 10 });
    const res = await k.patch('rmu', `/api/categories/${category.id}`, {
      label: 'Renommée',
      defaultLength: null,
      status: 'inactive',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      label: 'Renommée',
      defaultLength: null,
      status: 'inactive',
      identifier: category.identifier,
    });
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity_id', '=', category.id)
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ label: category.label });
    expect(audit.after).toMatchObject({ label: 'Renommée' });
  });

  it('refuses to change the buyer after creation (immutable_field), but accepts it unchanged', async () => {
    const category = await created();
    const other = await k.t.db
      .insertInto('accounts')
      .values({ name: 'Second Buyer', is_buyer_and_workshops_supervisor: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await k.patch('rmu', `/api/categories/${category.id}`, { buyerAccountId: other.id });
    expectViolation(res, 'immutable_field', 'buyerAccountId');
    expect(res.json().code).toBe('immutable_field');
    const same = await k.patch('rmu', `/api/categories/${category.id}`, {
      buyerAccountId: DEMO.accounts.demoBuyer,
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('replaces the referring warehouses, never with none', async () => {
    const category = await created();
    const res = await k.patch('rmu', `/api/categories/${category.id}`, {
      referringWarehouseIds: [DEMO.orgs.warehouseRoubaix],
    });
    expect(res.json().referringWarehouseIds).toEqual([DEMO.orgs.warehouseRoubaix]);
    expectViolation(
      await k.patch('rmu', `/api/categories/${category.id}`, { referringWarehouseIds: [] }),
      'at_least_one_warehouse',
      'referringWarehouseIds',
    );
  });

  it('refuses an identifier taken by another category, and keeps its own', async () => {
    const category = await created();
    expectViolation(
      await k.patch('rmu', `/api/categories/${category.id}`, { identifier: 'audio' }),
      'identifier_not_unique',
      'identifier',
    );
    expect(
      (await k.patch('rmu', `/api/categories/${category.id}`, { identifier: category.identifier }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a parent that is the category itself or one of its descendants', async () => {
    const top = await created();
    const middle = await created({ parentCategoryId: top.id });
    const leaf = await created({ parentCategoryId: middle.id });
    for (const parentCategoryId of [top.id, middle.id, leaf.id]) {
      expectViolation(
        await k.patch('rmu', `/api/categories/${top.id}`, { parentCategoryId }),
        'invalid_parent',
        'parentCategoryId',
      );
    }
  });

  it('moves a category with its subtree under a new parent, or to the root', async () => {
    const top = await created();
    const middle = await created({ parentCategoryId: top.id });
    const leaf = await created({ parentCategoryId: middle.id });
    const moved = await k.patch('rmu', `/api/categories/${middle.id}`, { parentCategoryId: C.audio });
    expect(moved.statusCode, moved.body).toBe(200);
    const ancestry = (await k.get('rmu', `/api/categories/${leaf.id}/ancestry`)).json();
    expect(ancestry.map((c: { id: string }) => c.id)).toEqual([C.audio, middle.id, leaf.id]);
    await k.patch('rmu', `/api/categories/${middle.id}`, { parentCategoryId: null });
    const rooted = (await k.get('rmu', `/api/categories/${leaf.id}/ancestry`)).json();
    expect(rooted.map((c: { id: string }) => c.id)).toEqual([middle.id, leaf.id]);
  });

  it('keeps products ordered by the new label of their category', async () => {
    const category = await created({ label: 'Zzz dernière' });
    const product = await k.post(
      'rmu',
      '/api/products',
      newProduct({ mainCategoryId: category.id, status: 'published' }),
    );
    expect(product.statusCode, product.body).toBe(201);
    await k.patch('rmu', `/api/categories/${category.id}`, { label: '000 première' });
    const first = (await k.get('rmu', '/api/products?order[category]=asc&itemsPerPage=5')).json().member[0];
    expect(first.id).toBe(product.json().id);
  });

  it('answers 404 to another retailer, and 403 to readers', async () => {
    expect((await k.patch('otherRmu', `/api/categories/${C.audio}`, { label: 'Pris' })).statusCode).toBe(404);
    expect((await k.patch('analyst', `/api/categories/${C.audio}`, { label: 'Pris' })).statusCode).toBe(403);
    expect((await k.patch('rmu', `/api/categories/${C.audio}`, { nope: 1 })).statusCode).toBe(422);
  });
});

describe('deleting a category', () => {
  it('deletes an empty category, with its audit row', async () => {
    const category = await created();
    const res = await k.remove('rmu', `/api/categories/${category.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await k.get('rmu', `/api/categories/${category.id}`)).statusCode).toBe(404);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', category.id)
      .where('action', '=', 'remove')
      .executeTakeFirst();
    expect(audit).toBeDefined();
  });

  it('refuses to delete a category with products, questions and sub-categories, naming each reason', async () => {
    const res = await k.remove('rmu', `/api/categories/${C.smartphones}`);
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.code).toBe('category_not_deletable');
    expect(body.violations.map((v: { propertyPath: string }) => v.propertyPath).sort()).toEqual([
      'children',
      'questions',
    ]);
    const brand = (await k.remove('rmu', `/api/categories/${C['smartphones-apple']}`)).json();
    expect(brand.violations.map((v: { code: string }) => v.code).sort()).toEqual([
      'category_has_products',
      'category_has_questions',
    ]);
  });

  it('refuses to delete a category that is only a secondary category of a product', async () => {
    const category = await created();
    const product = await k.post('rmu', '/api/products', newProduct({ secondaryCategoryIds: [category.id] }));
    expect(product.statusCode, product.body).toBe(201);
    const res = await k.remove('rmu', `/api/categories/${category.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(['products']);
  });

  it('answers 404 to another retailer', async () => {
    const category = await created();
    expect((await k.remove('otherRmu', `/api/categories/${category.id}`)).statusCode).toBe(404);
  });
});

describe('category image', () => {
  it('stores a PNG checked by content, serves it, and removes it', async () => {
    const category = await created({ imageAlt: 'Une liseuse' });
    const auth = (await k.t.login('root_management_unit_manager@demo.test')).authorization;
    const { body, contentType } = multipart(PNG, 'photo.jpg');
    const res = await k.t.app.inject({
      method: 'PUT',
      url: `/api/categories/${category.id}/image`,
      payload: body,
      headers: { 'content-type': contentType, authorization: auth },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().image).toEqual({
      url: expect.stringMatching(/^\/api\/categories\/.+\/image\?v=/),
      alt: 'Une liseuse',
    });
    const image = await k.get('rmu', res.json().image.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await k.get('otherRmu', `/api/categories/${category.id}/image`)).statusCode).toBe(404);
    const removed = await k.remove('rmu', `/api/categories/${category.id}/image`);
    expect(removed.json().image).toBeNull();
    expect((await k.get('rmu', `/api/categories/${category.id}/image`)).statusCode).toBe(404);
  });

  it('refuses a file that is not a JPG or PNG, and one over 250 kB', async () => {
    const category = await created();
    const auth = (await k.t.login('root_management_unit_manager@demo.test')).authorization;
    const send = (data: Buffer, filename: string) => {
      const { body, contentType } = multipart(data, filename, 'image/png');
      return k.t.app.inject({
        method: 'PUT',
        url: `/api/categories/${category.id}/image`,
        payload: body,
        headers: { 'content-type': contentType, authorization: auth },
      });
    };
    const text = await send(Buffer.from('not an image at all'), 'fake.png');
    expect(text.statusCode).toBe(422);
    expect(text.json().code).toBe('invalid_file');
    const large = await send(Buffer.concat([PNG, Buffer.alloc(250 * 1024)]), 'large.png');
    expect(large.statusCode).toBe(413);
    expect(large.json().code).toBe('file_too_large');
  });
});

describe('the checkpoints to archive of a category (GET /categories/{id}/checkpoints-to-archive)', () => {
  const question = (title: string) => ({
    title,
    type: 'unique',
    answers: [
      { title: 'Oui', maxGrade: null, priceImpact: null },
      { title: 'Non', maxGrade: 'grade_e', priceImpact: { kind: 'percentage', value: -50 } },
    ],
  });
  async function ask(categoryId: string, title: string): Promise<string> {
    const res = await k.post('rmu', `/api/categories/${categoryId}/questions`, question(title));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  it("lists the ancestors' questions a move would drop, not its own nor those the new place keeps", async () => {
    const root = (await created()).id;
    const middle = (await created({ parentCategoryId: root })).id;
    const leaf = (await created({ parentCategoryId: middle })).id;
    const otherRoot = (await created()).id;
    const sibling = (await created({ parentCategoryId: root })).id;
    const rootQuestion = await ask(root, 'Écran fissuré ?');
    const middleQuestion = await ask(middle, 'Batterie gonflée ?');
    await ask(leaf, 'Clavier complet ?');
    await ask(otherRoot, 'Boîte d’origine ?');
    const product = await k.post('rmu', '/api/products', newProduct({ mainCategoryId: leaf }));
    expect(product.statusCode, product.body).toBe(201);

    const url = (id: string, parent?: string) =>
      `/api/categories/${id}/checkpoints-to-archive${parent === undefined ? '' : `?parentCategoryId=${parent}`}`;
    // to the root: every inherited question, root first; the leaf's own question moves with it
    const toRoot = await k.get('analyst', url(leaf));
    expect(toRoot.statusCode, toRoot.body).toBe(200);
    expect(toRoot.json()).toMatchObject({ totalItems: 2, productCount: 1 });
    expect(toRoot.json().member.map((q: { id: string }) => q.id)).toEqual([rootQuestion, middleQuestion]);
    expect(toRoot.json().member[0]).toMatchObject({ category: { id: root }, answerCount: 2 });
    expect((await k.get('analyst', url(leaf, ''))).json().totalItems).toBe(2);
    // under a sibling of its parent: the root's question stays, the middle's goes
    const underSibling = (await k.get('analyst', url(leaf, sibling))).json();
    expect(underSibling.member.map((q: { id: string }) => q.id)).toEqual([middleQuestion]);
    // under another root: both go, the other root's questions are not "archived"
    expect((await k.get('analyst', url(leaf, otherRoot))).json().totalItems).toBe(2);
    // staying where it is drops nothing; a root category has nothing to drop
    expect((await k.get('analyst', url(leaf, middle))).json().totalItems).toBe(0);
    expect((await k.get('analyst', url(root))).json()).toMatchObject({ totalItems: 0, productCount: 1 });

    // refused as the move is: under itself or below it, a parent of another catalogue, not a uuid
    expectViolation(await k.get('analyst', url(middle, leaf)), 'invalid_parent', 'parentCategoryId');
    expectViolation(
      await k.get('analyst', url(leaf, DEMO_CATALOG.otherCategories.smartphones as string)),
      'invalid_parent',
      'parentCategoryId',
    );
    expectViolation(await k.get('analyst', url(leaf, 'nope')), 'invalid_uuid', 'parentCategoryId');
    // another retailer does not see the category
    expect((await k.get('otherRmu', url(leaf))).statusCode).toBe(404);
  });
});

describe('absorption needs the premium feature', () => {
  it('refuses to set an absorption without it (403 premium_feature_required), keeps or removes one', async () => {
    const category = await created({ absorptionType: 'by_value', absorptionValue: 1000 });
    await setAbsorptionFeature(false);
    try {
      const refused = await create(
        newCategory({ absorptionType: 'percentage_of_declared_amount', absorptionValue: 10 }),
      );
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ status: 403, code: 'premium_feature_required' });
      expect((await create(newCategory({ absorptionType: 'none', absorptionValue: 0 }))).statusCode).toBe(
        201,
      );

      const url = `/api/categories/${category.id}`;
      for (const patch of [
        { absorptionValue: 2000 },
        { absorptionType: 'percentage_of_controlled_amount', absorptionValue: 5 },
      ]) {
        const res = await k.patch('rmu', url, patch);
        expect(res.statusCode, JSON.stringify(patch)).toBe(403);
        expect(res.json().code).toBe('premium_feature_required');
      }
      // what it has is kept (the form sends it unchanged), and it can be removed
      const kept = await k.patch('rmu', url, {
        label: 'Gardée',
        absorptionType: 'by_value',
        absorptionValue: 1000,
      });
      expect(kept.statusCode, kept.body).toBe(200);
      const removed = await k.patch('rmu', url, { absorptionType: 'none', absorptionValue: 0 });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toMatchObject({ absorptionType: 'none', absorptionValue: 0 });
      // refused requests wrote nothing: the audit has the create and the two accepted updates
      const audits = await k.t.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity_id', '=', category.id)
        .orderBy('id')
        .execute();
      expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'update']);
    } finally {
      await setAbsorptionFeature(true);
    }
  });
});
