import type { CategoryTreeNode, Status } from '@reprise/shared';

/** Pure tree helpers of the catalogue: categories carry a materialised path '/<root>/…/<own id>/'. */

export interface TreeSource {
  id: string;
  account_id: string;
  parent_category_id: string | null;
  identifier: string;
  label: string;
  status: string;
  product_count: number;
  published_product_count: number;
}

/** The ids of a path, root first, the category itself last. */
export const idsOfPath = (path: string): string[] => path.split('/').filter(Boolean);

/** The path of a new category under a parent path (or at the root). */
export const pathUnder = (parentPath: string | null, id: string) => `${parentPath ?? '/'}${id}/`;

/** True when `candidatePath` is the category at `path` or below it. */
export const isWithin = (candidatePath: string, path: string) => candidatePath.startsWith(path);

/**
 * Nests rows (in display order) into a forest. A row whose parent is not among the rows becomes a
 * root: a buyer sees only the categories linked to it, which need not form whole trees.
 */
export function buildForest(rows: readonly TreeSource[]): CategoryTreeNode[] {
  const nodes = new Map<string, CategoryTreeNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: row.id,
      accountId: row.account_id,
      identifier: row.identifier,
      label: row.label,
      status: row.status as Status,
      parentCategoryId: row.parent_category_id,
      numberOfProducts: row.product_count,
      numberOfPublishedProducts: row.published_product_count,
      hasChildren: false,
      children: [],
    });
  }
  const roots: CategoryTreeNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id) as CategoryTreeNode;
    const parent = row.parent_category_id ? nodes.get(row.parent_category_id) : undefined;
    if (parent) {
      parent.children.push(node);
      parent.hasChildren = true;
    } else roots.push(node);
  }
  return roots;
}

/** The node of a forest with this id. */
export function findNode(forest: readonly CategoryTreeNode[], id: string): CategoryTreeNode | undefined {
  for (const node of forest) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** Keeps the nodes that satisfy `keep` and the ancestors of such nodes. */
export function prune(
  forest: readonly CategoryTreeNode[],
  keep: (node: CategoryTreeNode) => boolean,
): CategoryTreeNode[] {
  return forest.flatMap((node) => {
    const children = prune(node.children, keep);
    if (!keep(node) && children.length === 0) return [];
    return [{ ...node, children, hasChildren: node.hasChildren }];
  });
}
