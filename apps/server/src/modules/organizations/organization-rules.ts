import {
  ALLOWED_PARENT_TYPES,
  type OrganizationTreeNode,
  type OrganizationType,
  type PatchOrganizationRequest,
  type Status,
  type Violation,
} from '@reprise/shared';

/** What the tree rules need to know about an organisation. */
export interface TreePlace {
  id: string;
  type: OrganizationType;
  accountId: string;
  path: string;
}

export type ParentRefusal =
  | 'parent_required'
  | 'root_has_no_parent'
  | 'parent_type_not_allowed'
  | 'parent_in_other_account'
  | 'parent_is_itself_or_descendant';

/** Root management units and buyers are tree roots; every other type hangs under a parent. */
export const isTreeRoot = (type: OrganizationType) => ALLOWED_PARENT_TYPES[type].length === 0;

/** Materialised path `/<root id>/…/<own id>/` of an organisation under a parent (null: a root). */
export const pathUnder = (parentPath: string | null, id: string) => `${parentPath ?? '/'}${id}/`;

/** The id of the tree root of a path. */
export const rootIdOf = (path: string) => path.split('/')[1] ?? '';

/** True when `path` is `ancestorPath` itself or lies below it. */
export const isWithin = (path: string, ancestorPath: string) => path.startsWith(ancestorPath);

/**
 * Why an organisation of `type` in `accountId` may not hang under `parent`, or null when it may.
 * `self` is the organisation being moved, which may not go under itself or its descendants.
 */
export function parentRefusal(
  type: OrganizationType,
  accountId: string,
  parent: Omit<TreePlace, 'id'> | null,
  self?: Pick<TreePlace, 'path'>,
): ParentRefusal | null {
  if (isTreeRoot(type)) return parent ? 'root_has_no_parent' : null;
  if (!parent) return 'parent_required';
  if (!ALLOWED_PARENT_TYPES[type].includes(parent.type)) return 'parent_type_not_allowed';
  if (parent.accountId !== accountId) return 'parent_in_other_account';
  if (self && isWithin(parent.path, self.path)) return 'parent_is_itself_or_descendant';
  return null;
}

/** Violations for the fields that cannot change after creation (the same value is fine). */
export function immutableViolations(
  current: { type: OrganizationType; buyer: string | null },
  patch: Pick<PatchOrganizationRequest, 'type' | 'buyer'>,
): Violation[] {
  const violations: Violation[] = [];
  if (patch.type !== undefined && patch.type !== current.type) {
    violations.push({
      propertyPath: 'type',
      message: 'The type cannot change after creation.',
      code: 'immutable_field',
    });
  }
  if (patch.buyer !== undefined && patch.buyer !== current.buyer) {
    violations.push({
      propertyPath: 'buyer',
      message: 'The buyer cannot change after creation.',
      code: 'immutable_field',
    });
  }
  return violations;
}

/**
 * Violations for a patch that would deactivate or move the actor's own organisation or one above
 * it (docs/permissions.md, "Own organisation"): the actor would cut off the branch it works in.
 */
export function ownBranchViolations(
  actorOrganizationPath: string,
  target: { path: string; status: Status },
  patch: { deactivates: boolean; moves: boolean },
): Violation[] {
  if (!isWithin(actorOrganizationPath, target.path)) return [];
  const violations: Violation[] = [];
  if (patch.deactivates && target.status !== 'inactive') {
    violations.push({
      propertyPath: 'status',
      message: 'You cannot deactivate your own organisation or one above it.',
      code: 'own_organization_protected',
    });
  }
  if (patch.moves) {
    violations.push({
      propertyPath: 'parentOrganizationId',
      message: 'You cannot move your own organisation or one above it.',
      code: 'own_organization_protected',
    });
  }
  return violations;
}

export interface TreeRow {
  id: string;
  parentOrganizationId: string | null;
  commonName: string;
  type: OrganizationType;
  status: Status;
}

/**
 * Nests rows into trees. A row whose parent is not among the rows (outside the actor's view)
 * becomes a root; children keep the order of the rows.
 */
export function buildTree(rows: readonly TreeRow[]): OrganizationTreeNode[] {
  const nodes = new Map<string, OrganizationTreeNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: row.id,
      commonName: row.commonName,
      type: row.type,
      status: row.status,
      children: [],
    });
  }
  const roots: OrganizationTreeNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id) as OrganizationTreeNode;
    const parent = row.parentOrganizationId ? nodes.get(row.parentOrganizationId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
