import type { CategoryTreeNode } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import {
  filterTree,
  findCategory,
  flattenTree,
  splitSelection,
  subtreeIds,
  truncateLabel,
} from './category-tree';

const ACCOUNT = '00000000-0000-4000-8000-000000000200';

function node(id: string, label: string, children: CategoryTreeNode[] = []): CategoryTreeNode {
  return {
    id,
    accountId: ACCOUNT,
    identifier: label.toLowerCase().replace(/\W+/g, '-'),
    label,
    status: 'active',
    parentCategoryId: null,
    numberOfProducts: 0,
    numberOfPublishedProducts: 0,
    hasChildren: children.length > 0,
    children,
  };
}

const tree = [
  node('phones', 'Téléphones', [
    node('apple', 'Apple'),
    node('samsung', 'Samsung', [node('fold', 'Galaxy Fold')]),
  ]),
  node('audio', 'Audio', [node('bose', 'Bose')]),
];

describe('category tree', () => {
  it('lists parents before their children, with depth and path', () => {
    const flat = flattenTree(tree);
    expect(flat.map((c) => c.id)).toEqual(['phones', 'apple', 'samsung', 'fold', 'audio', 'bose']);
    expect(flat[3]).toMatchObject({ depth: 2, path: ['Téléphones', 'Samsung', 'Galaxy Fold'] });
  });

  it('finds a category and the ids it may not move under', () => {
    const samsung = findCategory(tree, 'samsung');
    expect(samsung?.label).toBe('Samsung');
    expect([...subtreeIds(samsung!)]).toEqual(['samsung', 'fold']);
    expect(findCategory(tree, 'nowhere')).toBeNull();
  });

  it('keeps matches with their ancestors and descendants, ignoring case and accents', () => {
    expect(flattenTree(filterTree(tree, 'galaxy')).map((c) => c.id)).toEqual(['phones', 'samsung', 'fold']);
    expect(flattenTree(filterTree(tree, 'TELEPHONES')).map((c) => c.id)).toEqual([
      'phones',
      'apple',
      'samsung',
      'fold',
    ]);
    expect(filterTree(tree, '  ')).toHaveLength(2);
  });

  it('cuts selection labels at 40 characters', () => {
    expect(truncateLabel('Short')).toBe('Short');
    const long = 'Accessoires pour consoles de jeux portables et de salon';
    expect(truncateLabel(long)).toBe(`${long.slice(0, 40).trimEnd()}…`);
    expect([...truncateLabel(long)].length).toBeLessThanOrEqual(41);
  });

  it('shows 30 selected entries, then counts the others', () => {
    const items = Array.from({ length: 34 }, (_, i) => i);
    expect(splitSelection(items)).toEqual({ shown: items.slice(0, 30), others: 4 });
    expect(splitSelection([1, 2])).toEqual({ shown: [1, 2], others: 0 });
  });
});
