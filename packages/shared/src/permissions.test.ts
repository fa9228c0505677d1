import { describe, expect, it } from 'vitest';
import { MODULE_TYPES, USER_TYPES, USER_TYPES_BY_MODULE } from './enums';
import {
  ASSIGNABLE_USER_TYPES,
  hasPermission,
  isBackOfficeUserType,
  moduleOfUserType,
  PERMISSION_MATRIX,
  PERMISSION_NAMES,
  type Permission,
  permissionsFor,
  VISITOR_PERMISSIONS,
} from './permissions';

const WRITES: Permission[] = [
  'user.create',
  'organization.create',
  'category.create',
  'product.create',
  'design',
  'general_settings',
];

describe('permission registry', () => {
  it('the matrix names only registered permissions', () => {
    const names = new Set(PERMISSION_NAMES);
    for (const type of USER_TYPES)
      for (const p of PERMISSION_MATRIX[type]) expect(names.has(p), `${type}: ${p}`).toBe(true);
  });

  it('analysts can read but not write', () => {
    for (const type of ['root_management_unit_analyst', 'management_unit_analyst'] as const) {
      expect(PERMISSION_MATRIX[type]).toContain('user.list');
      for (const p of WRITES) expect(PERMISSION_MATRIX[type], `${type} ${p}`).not.toContain(p);
      expect(ASSIGNABLE_USER_TYPES[type]).toEqual([]);
    }
  });

  it('a user type holds its permissions only in its own module', () => {
    expect(permissionsFor('store_manager', 'tim')).toContain('user.list');
    expect(permissionsFor('store_manager', 'rps')).toEqual([]);
    expect(permissionsFor('warehouse_manager', 'rps')).toContain('stock.manage');
    expect(permissionsFor('warehouse_manager', 'tim')).toEqual([]);
  });

  it('each user type belongs to exactly the module that lists it', () => {
    for (const type of USER_TYPES) {
      const modules = MODULE_TYPES.filter((m) => USER_TYPES_BY_MODULE[m].includes(type));
      expect(modules, type).toEqual([moduleOfUserType(type)]);
    }
  });

  it('platform operators hold every permission except that only super admins assign admins', () => {
    expect(permissionsFor('super_admin', 'root')).toEqual(
      PERMISSION_NAMES.filter((p) => !VISITOR_PERMISSIONS.includes(p)),
    );
    expect(permissionsFor('admin', 'root')).not.toContain('admin.assign');
    expect(permissionsFor('admin', 'tim')).toContain('user.create');
  });

  it('nobody can grant a user type above their own', () => {
    expect(ASSIGNABLE_USER_TYPES.store_manager).not.toContain('management_unit_manager');
    expect(ASSIGNABLE_USER_TYPES.management_unit_manager).not.toContain('root_management_unit_manager');
    expect(ASSIGNABLE_USER_TYPES.admin).not.toContain('super_admin');
    // only the holder of admin.assign (super_admin) assigns platform admins
    expect(ASSIGNABLE_USER_TYPES.admin).not.toContain('admin');
    expect(ASSIGNABLE_USER_TYPES.super_admin).toContain('admin');
    expect(ASSIGNABLE_USER_TYPES.warehouse_manager).not.toContain('buyer_manager');
    for (const type of USER_TYPES) expect(ASSIGNABLE_USER_TYPES[type]).not.toContain('pseudo_anonymous');
  });

  it('a user type that grants a type can grant the ones below it on its side', () => {
    for (const type of USER_TYPES) {
      for (const granted of ASSIGNABLE_USER_TYPES[type]) {
        if (granted === type) continue;
        for (const below of ASSIGNABLE_USER_TYPES[granted])
          expect(ASSIGNABLE_USER_TYPES[type], `${type} → ${below}`).toContain(below);
      }
    }
  });

  it('only users who can write users can grant roles', () => {
    for (const type of USER_TYPES) {
      if (ASSIGNABLE_USER_TYPES[type].length > 0)
        expect(PERMISSION_MATRIX[type], type).toContain('user.create');
    }
  });

  it('only the anonymous visitor holds the web buyback permissions, and nothing of the back office', () => {
    expect(PERMISSION_MATRIX.pseudo_anonymous).toEqual([...VISITOR_PERMISSIONS]);
    for (const type of USER_TYPES) {
      if (type === 'pseudo_anonymous') continue;
      for (const p of VISITOR_PERMISSIONS) expect(PERMISSION_MATRIX[type], `${type} ${p}`).not.toContain(p);
    }
  });

  it('the visitor role opens no back office; every other role does in its own module', () => {
    expect(isBackOfficeUserType('pseudo_anonymous', 'tim')).toBe(false);
    expect(isBackOfficeUserType('store_seller', 'tim')).toBe(true);
    expect(isBackOfficeUserType('store_seller', 'rps')).toBe(false);
    expect(isBackOfficeUserType('admin', 'lcm')).toBe(true);
  });

  it('hasPermission reads the current module only', () => {
    const front = { tim: ['user.list'], rps: ['stock.manage'] };
    expect(hasPermission(front, 'tim', 'user.list')).toBe(true);
    expect(hasPermission(front, 'rps', 'user.list')).toBe(false);
    expect(hasPermission(undefined, 'tim', 'user.list')).toBe(false);
  });
});
