import type { CategoryResponse, CategoryTreeNode } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { DEMO_CONFIG } from '../../../seed/buyback-config';
import { C, DEMO, DEMO_CATALOG, newCategory, newProduct, useCatalogKit } from '../catalog.test-kit';

const k = useCatalogKit();

const OTHER = DEMO_CATALOG.otherCategories;
const flatten = (nodes: CategoryTreeNode[]): CategoryTreeNode[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('category reads', () => {
  it('lists the catalogue of the caller’s account, paged, roots and sub-categories together', async () => {
    const res = await k.get('analyst', '/api/categories?itemsPerPage=5');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totalItems).toBe(Object.keys(C).length);
    expect(body.member).toHaveLength(5);
    expect(body.view.next).toContain('page=2');
  });

  it('answers every field of a category', async () => {
    const res = await k.get('analyst', `/api/categories/${C.smartphones}`);
    expect(res.statusCode, res.body).toBe(200);
    const category: CategoryResponse = res.json();
    expect(category).toMatchObject({
      id: C.smartphones,
      accountId: DEMO.accounts.demoRetail,
      organizationId: DEMO.orgs.retailRoot,
      identifier: 'smartphones',
      label: 'Smartphones',
      image: null,
      parentCategory: null,
      hasChildren: true,
      defaultWeight: 200,
      defaultLength: 16,
      absorptionType: 'none',
      absorptionValue: 0,
      status: 'active',
      buyerAccountId: DEMO.accounts.demoBuyer,
      buyerAccountName: 'Demo Buyer',
      numberOfProducts: 0,
      numberOfQuestions: 5,
    });
    expect(category.referringWarehouseIds.sort()).toEqual(
      [DEMO.orgs.warehouseSaintPriest, DEMO.orgs.warehouseRoubaix].sort(),
    );
    expect(category.children.map((c) => c.identifier)).toContain('smartphones-apple');
  });

  it('counts the products and published products of a category, and per channel', async () => {
    const category: CategoryResponse = (
      await k.get('analyst', `/api/categories/${C['smartphones-apple']}`)
    ).json();
    expect(category.numberOfProducts).toBeGreaterThan(category.numberOfPublishedProducts);
    expect(category.numberOfPublishedProducts).toBeGreaterThan(50);
    expect(category.productCount).toEqual({
      web: category.numberOfPublishedProducts,
      store: category.numberOfPublishedProducts,
    });
    expect(category.parentCategory).toEqual({
      id: C.smartphones,
      identifier: 'smartphones',
      label: 'Smartphones',
    });
  });

  it('filters the list by search (accents and case ignored), status and parent', async () => {
    const search = await k.get('analyst', '/api/categories?search=MONTRES%20CONNECTEES');
    expect(search.json().member.map((c: CategoryResponse) => c.id)).toEqual([C.watches]);
    const children = await k.get('analyst', `/api/categories?parent=${C.consoles}`);
    expect(children.json().member.map((c: CategoryResponse) => c.identifier)).toEqual([
      'consoles-microsoft',
      'consoles-nintendo',
      'consoles-sony',
    ]);
    const roots = await k.get('analyst', '/api/categories?exists[parent]=false&itemsPerPage=50');
    expect(roots.json().totalItems).toBe(6);
    const inactive = await k.get('analyst', '/api/categories?status=inactive');
    expect(inactive.json().totalItems).toBe(0);
  });

  it('nests the catalogue in a tree, and answers one subtree', async () => {
    const tree: CategoryTreeNode[] = (await k.get('analyst', '/api/categories/tree')).json();
    expect(tree.map((n) => n.identifier).sort()).toEqual(
      ['audio', 'consoles', 'laptops', 'smartphones', 'tablets', 'watches'].sort(),
    );
    expect(flatten(tree)).toHaveLength(Object.keys(C).length);
    const subtree: CategoryTreeNode = (await k.get('analyst', `/api/categories/tree/${C.audio}`)).json();
    expect(subtree.children.map((n) => n.identifier)).toEqual(['audio-apple', 'audio-bose', 'audio-sony']);
  });

  it('answers the ancestry of a category, root first', async () => {
    const res = await k.get('analyst', `/api/categories/${C['watches-garmin']}/ancestry`);
    expect(res.json().map((c: { identifier: string }) => c.identifier)).toEqual([
      'watches',
      'watches-garmin',
    ]);
  });

  it('answers the root categories', async () => {
    const res = await k.get('analyst', '/api/internal/categories/root');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((c: CategoryResponse) => c.identifier)).toHaveLength(6);
  });

  it('prunes the tree to the categories holding published products', async () => {
    const created = await k.post('rmu', '/api/categories', {
      identifier: 'empty-top',
      label: 'Catégorie vide',
      defaultWeight: 100,
      absorptionType: 'none',
      absorptionValue: 0,
      buyerAccountId: DEMO.accounts.demoBuyer,
      referringWarehouseIds: [DEMO.orgs.warehouseRoubaix],
    });
    expect(created.statusCode, created.body).toBe(201);
    const tree: CategoryTreeNode[] = (await k.get('analyst', '/api/categories/with-products')).json();
    const ids = flatten(tree).map((n) => n.id);
    expect(ids).toContain(C.smartphones);
    expect(ids).toContain(C['smartphones-apple']);
    expect(ids).not.toContain(created.json().id);
  });

  it('answers the categories of a product within their ancestry', async () => {
    const products = (await k.get('analyst', `/api/products?category[]=${C['audio-bose']}`)).json();
    const product = products.member[0];
    const res = await k.get('analyst', `/api/products/${product.id}/category_tree`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.mainCategoryId).toBe(C['audio-bose']);
    expect(body.tree.map((n: CategoryTreeNode) => n.id)).toEqual([C.audio]);
    expect(body.tree[0].children.map((n: CategoryTreeNode) => n.id)).toEqual([C['audio-bose']]);
  });
});

describe('category isolation', () => {
  it('Other Retail lists only its own two categories', async () => {
    const list = (await k.get('otherRmu', '/api/categories')).json();
    expect(list.member.map((c: CategoryResponse) => c.id).sort()).toEqual(Object.values(OTHER).sort());
    const tree = flatten((await k.get('otherRmu', '/api/categories/tree')).json()).map((n) => n.id);
    expect(tree.sort()).toEqual(Object.values(OTHER).sort());
  });

  it('Other Retail gets 404 on every read of a Demo Retail category', async () => {
    for (const path of ['', '/ancestry', '/questions', '/image']) {
      const res = await k.get('otherRmu', `/api/categories/${C.smartphones}${path}`);
      expect(res.statusCode, path).toBe(404);
    }
    expect((await k.get('otherRmu', `/api/categories/tree/${C.smartphones}`)).statusCode).toBe(404);
  });

  it('Demo Retail’s own users never read Other Retail’s categories, whatever the account filter', async () => {
    expect((await k.get('rmu', `/api/categories/${OTHER.smartphones}`)).statusCode).toBe(404);
    const list = (
      await k.get('rmu', `/api/categories?accountId=${DEMO.accounts.otherRetail}&itemsPerPage=100`)
    ).json();
    expect(list.member.every((c: CategoryResponse) => c.accountId === DEMO.accounts.demoRetail)).toBe(true);
  });

  it('a buyer reads the categories linked to it, of every retailer, read only', async () => {
    const list = (await k.get('buyer', '/api/categories?itemsPerPage=100')).json();
    const accounts = new Set(list.member.map((c: CategoryResponse) => c.accountId));
    expect(accounts).toEqual(new Set([DEMO.accounts.demoRetail, DEMO.accounts.otherRetail]));
    expect((await k.get('buyer', `/api/categories/${C.smartphones}`)).statusCode).toBe(200);
    const connected: CategoryTreeNode[] = (await k.get('buyer', '/api/categories/connected-tree')).json();
    expect(new Set(connected.map((n) => n.accountId))).toEqual(accounts);
    expect(connected.map((n) => n.id)).toEqual(expect.arrayContaining([C.smartphones, OTHER.smartphones]));
    const write = await k.patch('buyer', `/api/categories/${C.smartphones}`, { label: 'Mine' });
    expect(write.statusCode).toBe(403);
  });

  it('a retailer’s connected tree is empty: no catalogue is linked to it as a buyer', async () => {
    expect((await k.get('rmu', '/api/categories/connected-tree')).json()).toEqual([]);
  });

  it('a platform operator reads every catalogue, or one by account', async () => {
    const all = (await k.get('admin', '/api/categories?itemsPerPage=100')).json();
    expect(all.totalItems).toBeGreaterThanOrEqual(Object.keys(C).length + 2);
    const other = (await k.get('admin', `/api/categories?accountId=${DEMO.accounts.otherRetail}`)).json();
    expect(other.totalItems).toBe(2);
    expect((await k.get('admin', `/api/categories/${OTHER.smartphones}`)).statusCode).toBe(200);
  });

  it('users without catalogue permissions get 403', async () => {
    expect((await k.get('seller', '/api/categories')).statusCode).toBe(403);
    expect((await k.get('warehouse', '/api/categories/tree')).statusCode).toBe(403);
  });

  it('answers 422, never 500, to malformed ids and filters', async () => {
    expect((await k.get('analyst', '/api/categories/not-a-uuid')).statusCode).toBe(422);
    expect((await k.get('analyst', '/api/categories?parent=nope')).statusCode).toBe(422);
    expect((await k.get('analyst', '/api/categories?itemsPerPage=0')).statusCode).toBe(422);
    expect((await k.get('analyst', '/api/categories?order[label]=sideways')).statusCode).toBe(422);
  });
});

// last: it adds a root category that the reads above do not expect
describe('category channels', () => {
  it('counts a channel’s products only where an active circuit of the channel serves the category', async () => {
    const created = await k.post('rmu', '/api/categories', newCategory());
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const product = await k.post(
      'rmu',
      '/api/products',
      newProduct({ mainCategoryId: id, status: 'published' }),
    );
    expect(product.statusCode, product.body).toBe(201);
    const counts = async () => (await k.get('analyst', `/api/categories/${id}`)).json().productCount;
    expect(await counts()).toEqual({ web: 0, store: 0 });
    const linked = await k.post('rmu', `/api/categories/${id}/circuits/${DEMO_CONFIG.circuits.storeDrop}`);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(await counts()).toEqual({ web: 0, store: 1 });
    await k.post('rmu', `/api/categories/${id}/circuits/${DEMO_CONFIG.circuits.webPost}`);
    expect(await counts()).toEqual({ web: 1, store: 1 });
  });
});
