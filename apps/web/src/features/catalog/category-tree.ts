import type { CategoryTreeNode } from '@reprise/shared';

/** A category of the tree in depth-first order, with its depth and the labels of its ancestors. */
export interface FlatCategory {
  id: string;
  label: string;
  identifier: string;
  accountId: string;
  status: CategoryTreeNode['status'];
  depth: number;
  /** Labels from the root down to this category. */
  path: string[];
  node: CategoryTreeNode;
}

/** The tree as a list, parents before their children. */
export function flattenTree(nodes: readonly CategoryTreeNode[], ancestors: string[] = []): FlatCategory[] {
  return nodes.flatMap((node) => {
    const path = [...ancestors, node.label];
    return [
      {
        id: node.id,
        label: node.label,
        identifier: node.identifier,
        accountId: node.accountId,
        status: node.status,
        depth: ancestors.length,
        path,
        node,
      },
      ...flattenTree(node.children, path),
    ];
  });
}

/** Each category's labels from the root down to it, by id. */
export function pathsById(nodes: readonly CategoryTreeNode[]): Map<string, string[]> {
  return new Map(flattenTree(nodes).map((category) => [category.id, category.path]));
}

export function findCategory(nodes: readonly CategoryTreeNode[], id: string): CategoryTreeNode | null {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findCategory(node.children, id);
    if (found) return found;
  }
  return null;
}

/** The category and everything below it: what it may not be moved under. */
export function subtreeIds(node: CategoryTreeNode): Set<string> {
  const ids = new Set<string>([node.id]);
  for (const child of node.children) for (const id of subtreeIds(child)) ids.add(id);
  return ids;
}

/** Lowercase without accents, for matching what a user types. */
export function normalizeText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * The categories whose label or identifier contains the text, with their ancestors (to keep them in
 * place) and all their descendants. An empty text keeps the whole tree.
 */
export function filterTree(nodes: readonly CategoryTreeNode[], text: string): CategoryTreeNode[] {
  const wanted = normalizeText(text);
  if (!wanted) return [...nodes];
  return nodes.flatMap((node) => {
    if (normalizeText(node.label).includes(wanted) || node.identifier.includes(wanted)) return [node];
    const children = filterTree(node.children, text);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** Category labels in selections are cut at 40 characters. */
const CATEGORY_LABEL_MAX = 40;

export function truncateLabel(label: string, max = CATEGORY_LABEL_MAX): string {
  const chars = [...label];
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : label;
}

/** A long selection shows its first 30 entries, then "and N others". */
const SHOWN_SELECTION_MAX = 30;

export function splitSelection<T>(
  items: readonly T[],
  max = SHOWN_SELECTION_MAX,
): { shown: T[]; others: number } {
  return { shown: items.slice(0, max), others: Math.max(0, items.length - max) };
}
