import { describe, expect, it } from 'vitest';
import {
  buildTree,
  immutableViolations,
  isWithin,
  ownBranchViolations,
  parentRefusal,
  pathUnder,
  rootIdOf,
} from './organization-rules';

const ACCOUNT = 'account-a';
const place = (type: Parameters<typeof parentRefusal>[0], path: string, accountId = ACCOUNT) => ({
  type,
  path,
  accountId,
});

describe('parent rules', () => {
  it('a root management unit and a buyer are tree roots: no parent, and a parent is refused', () => {
    expect(parentRefusal('root_management_unit', ACCOUNT, null)).toBeNull();
    expect(parentRefusal('buyer', ACCOUNT, null)).toBeNull();
    expect(parentRefusal('root_management_unit', ACCOUNT, place('management_unit', '/r/m/'))).toBe(
      'root_has_no_parent',
    );
    expect(parentRefusal('buyer', ACCOUNT, place('root_management_unit', '/r/'))).toBe('root_has_no_parent');
  });

  it('a management unit attaches to the root management unit or another management unit only', () => {
    expect(parentRefusal('management_unit', ACCOUNT, place('root_management_unit', '/r/'))).toBeNull();
    expect(parentRefusal('management_unit', ACCOUNT, place('management_unit', '/r/m/'))).toBeNull();
    expect(parentRefusal('management_unit', ACCOUNT, place('store', '/r/m/s/'))).toBe(
      'parent_type_not_allowed',
    );
    expect(parentRefusal('management_unit', ACCOUNT, place('buyer', '/b/'))).toBe('parent_type_not_allowed');
  });

  it('a store attaches to exactly one management unit, never to the root or nothing', () => {
    expect(parentRefusal('store', ACCOUNT, place('management_unit', '/r/m/'))).toBeNull();
    expect(parentRefusal('store', ACCOUNT, place('root_management_unit', '/r/'))).toBe(
      'parent_type_not_allowed',
    );
    expect(parentRefusal('store', ACCOUNT, null)).toBe('parent_required');
  });

  it('a warehouse attaches to a buyer only', () => {
    expect(parentRefusal('warehouse', ACCOUNT, place('buyer', '/b/'))).toBeNull();
    expect(parentRefusal('warehouse', ACCOUNT, place('management_unit', '/r/m/'))).toBe(
      'parent_type_not_allowed',
    );
    expect(parentRefusal('warehouse', ACCOUNT, null)).toBe('parent_required');
  });

  it('the parent must be in the same account', () => {
    expect(parentRefusal('store', ACCOUNT, place('management_unit', '/r/m/', 'account-b'))).toBe(
      'parent_in_other_account',
    );
  });

  it('an organisation cannot move under itself or one of its descendants', () => {
    const self = { path: '/r/m/' };
    expect(parentRefusal('management_unit', ACCOUNT, place('management_unit', '/r/m/'), self)).toBe(
      'parent_is_itself_or_descendant',
    );
    expect(parentRefusal('management_unit', ACCOUNT, place('management_unit', '/r/m/child/'), self)).toBe(
      'parent_is_itself_or_descendant',
    );
    expect(parentRefusal('management_unit', ACCOUNT, place('management_unit', '/r/m2/'), self)).toBeNull();
  });
});

describe('immutable fields', () => {
  const current = { type: 'store' as const, buyer: 'buyer-1' };

  it('refuses a different type or buyer', () => {
    expect(immutableViolations(current, { type: 'management_unit' }).map((v) => v.propertyPath)).toEqual([
      'type',
    ]);
    expect(immutableViolations(current, { buyer: 'buyer-2' }).map((v) => v.propertyPath)).toEqual(['buyer']);
    expect(immutableViolations(current, { buyer: null })[0]?.code).toBe('immutable_field');
  });

  it('accepts the same value or no value', () => {
    expect(immutableViolations(current, { type: 'store', buyer: 'buyer-1' })).toEqual([]);
    expect(immutableViolations(current, {})).toEqual([]);
  });
});

describe('materialised paths', () => {
  it('a path lists the ancestors from the root down to the organisation itself', () => {
    expect(pathUnder(null, 'r')).toBe('/r/');
    expect(pathUnder('/r/m/', 's')).toBe('/r/m/s/');
    expect(rootIdOf('/r/m/s/')).toBe('r');
  });

  it('a sibling whose id starts like another is not inside it (trailing slash)', () => {
    expect(isWithin('/r/m/s/', '/r/m/')).toBe(true);
    expect(isWithin('/r/m2/', '/r/m/')).toBe(false);
  });
});

describe('tree', () => {
  it('nests rows under their parents; a row whose parent is not visible becomes a root', () => {
    const tree = buildTree([
      { id: 'm', parentOrganizationId: 'r', commonName: 'MU', type: 'management_unit', status: 'active' },
      { id: 's1', parentOrganizationId: 'm', commonName: 'Store 1', type: 'store', status: 'active' },
      { id: 's2', parentOrganizationId: 'm', commonName: 'Store 2', type: 'store', status: 'inactive' },
    ]);
    expect(tree).toHaveLength(1);
    expect(tree[0]?.id).toBe('m');
    expect(tree[0]?.children.map((c) => c.id)).toEqual(['s1', 's2']);
    expect(tree[0]?.children[1]?.status).toBe('inactive');
  });
});

describe('own branch rule', () => {
  const codes = (path: string, status: 'active' | 'inactive', deactivates: boolean, moves: boolean) =>
    ownBranchViolations('/r/m/', { path, status }, { deactivates, moves }).map((v) => v.propertyPath);

  it("refuses to deactivate or move the actor's own organisation or one above it", () => {
    expect(codes('/r/m/', 'active', true, false)).toEqual(['status']);
    expect(codes('/r/', 'active', true, true)).toEqual(['status', 'parentOrganizationId']);
  });

  it('allows both below the actor and beside it, and any other change of its own', () => {
    expect(codes('/r/m/s/', 'active', true, true)).toEqual([]);
    expect(codes('/r/n/', 'active', true, true)).toEqual([]);
    expect(codes('/r/m/', 'active', false, false)).toEqual([]);
  });

  it('an organisation already inactive is not deactivated again', () => {
    expect(codes('/r/m/', 'inactive', true, false)).toEqual([]);
  });
});
