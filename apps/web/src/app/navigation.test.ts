import { type Permission, permissionsFor } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { isMenuGroup, shortcuts, visibleMenu } from './navigation';

const canAs =
  (...granted: Permission[]) =>
  (permission: Permission) =>
    granted.includes(permission);
const keysOf = (can: (p: Permission) => boolean) =>
  visibleMenu(can).flatMap((section) =>
    section.entries.flatMap((entry) => (isMenuGroup(entry) ? entry.links.map((l) => l.key) : [entry.key])),
  );

describe('side menu', () => {
  it('shows a store manager home, the buybacks, users and entities, but not design', () => {
    const storeManager = permissionsFor('store_manager', 'tim');
    expect(keysOf((p) => storeManager.includes(p))).toEqual([
      'home',
      'buybackCreate',
      'buybacks',
      'buybacksPredeclared',
      'verification',
      'users',
      'entities',
    ]);
  });

  it('shows the buyback entries only with their permissions', () => {
    expect(keysOf(canAs('buyback.list'))).toEqual(['home', 'buybacks']);
    expect(keysOf(canAs('buyback.create'))).toEqual(['home', 'buybackCreate']);
    expect(keysOf(canAs('buyback.predeclared_access'))).toEqual(['home', 'buybacksPredeclared']);
    const analyst = permissionsFor('management_unit_analyst', 'tim');
    expect(keysOf((p) => analyst.includes(p))).not.toContain('buybacksPredeclared');
    expect(keysOf((p) => analyst.includes(p))).toContain('buybacks');
    expect(keysOf((p) => analyst.includes(p))).not.toContain('buybackCreate');
    const operator = permissionsFor('warehouse_operator', 'rps');
    expect(keysOf((p) => operator.includes(p))).not.toContain('buybackCreate');
  });

  it('shows a root manager the catalogue and the configuration entries too', () => {
    const rootManager = permissionsFor('root_management_unit_manager', 'tim');
    expect(keysOf((p) => rootManager.includes(p))).toEqual([
      'home',
      'buybackCreate',
      'buybacks',
      'buybacksPredeclared',
      'verification',
      'categories',
      'products',
      'catalogSearch',
      'diagnostic',
      'design',
      'whiteLabel',
      'homePage',
      'paymentModes',
      'circuits',
      'dispatchCircuitRules',
      'users',
      'entities',
      'transferOrder',
    ]);
  });

  it('shows circuits to those who read them, payment modes and the transfer order only with their permissions', () => {
    const analyst = permissionsFor('root_management_unit_analyst', 'tim');
    const keys = keysOf((p) => analyst.includes(p));
    expect(keys).toContain('circuits');
    expect(keys).toContain('dispatchCircuitRules');
    expect(keys).not.toContain('paymentModes');
    expect(keys).not.toContain('transferOrder');
  });

  it('shows the catalogue to those who read it, and not to a store seller', () => {
    const analyst = permissionsFor('management_unit_analyst', 'tim');
    expect(keysOf((p) => analyst.includes(p))).toContain('diagnostic');
    const seller = permissionsFor('store_seller', 'tim');
    expect(keysOf((p) => seller.includes(p))).not.toContain('products');
  });

  it('drops a group whose links are all forbidden, and sections left empty', () => {
    const sections = visibleMenu(canAs('menu.organization'));
    expect(sections.map((s) => s.key)).toEqual(['main']);
  });

  it('offers as shortcuts every permitted link except home', () => {
    expect(shortcuts(canAs('menu.organization', 'user.list')).map((l) => l.to)).toEqual(['/users']);
  });
});
