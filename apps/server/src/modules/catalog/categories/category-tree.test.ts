import { describe, expect, it } from 'vitest';
import {
  buildForest,
  findNode,
  idsOfPath,
  isWithin,
  pathUnder,
  prune,
  type TreeSource,
} from './category-tree';

const row = (id: string, parent: string | null, published = 0): TreeSource => ({
  id,
  account_id: 'account',
  parent_category_id: parent,
  identifier: id,
  label: id,
  status: 'active',
  product_count: published,
  published_product_count: published,
});

describe('category tree', () => {
  it('nests rows under their parents, keeping their order', () => {
    const forest = buildForest([
      row('a', null),
      row('b', null),
      row('a1', 'a'),
      row('a2', 'a'),
      row('a1x', 'a1'),
    ]);
    expect(forest.map((n) => n.id)).toEqual(['a', 'b']);
    expect(forest[0]?.children.map((n) => n.id)).toEqual(['a1', 'a2']);
    expect(findNode(forest, 'a1x')?.parentCategoryId).toBe('a1');
    expect(forest[0]?.hasChildren).toBe(true);
    expect(forest[1]?.hasChildren).toBe(false);
  });

  it('makes a root of a row whose parent is not visible', () => {
    expect(buildForest([row('a1', 'a'), row('a1x', 'a1')]).map((n) => n.id)).toEqual(['a1']);
  });

  it('prunes to the nodes kept and their ancestors', () => {
    const forest = buildForest([row('a', null), row('a1', 'a', 3), row('a2', 'a'), row('b', null)]);
    const kept = prune(forest, (n) => n.numberOfPublishedProducts > 0);
    expect(kept.map((n) => n.id)).toEqual(['a']);
    expect(kept[0]?.children.map((n) => n.id)).toEqual(['a1']);
  });

  it('reads and builds materialised paths', () => {
    expect(idsOfPath('/r/c/')).toEqual(['r', 'c']);
    expect(pathUnder(null, 'r')).toBe('/r/');
    expect(pathUnder('/r/', 'c')).toBe('/r/c/');
    expect(isWithin('/r/c/d/', '/r/c/')).toBe(true);
    expect(isWithin('/r/x/', '/r/c/')).toBe(false);
  });
});
