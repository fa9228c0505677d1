import { type Permission, permissionsFor } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { type Has, inSettingsModule, isMenuGroup, shipsPackages, shortcuts, visibleMenu } from './navigation';

const canAs =
  (...granted: Permission[]) =>
  (permission: Permission) =>
    granted.includes(permission);
const keysOf = (can: (p: Permission) => boolean, has?: Has) =>
  visibleMenu(can, undefined, has).flatMap((section) =>
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
      // vouchers and gift cards redeemed at the counter (docs/payments.md)
      'vouchersRedeem',
      'expedition',
      'transportsList',
      'users',
      'entities',
    ]);
  });

  it('offers the expedition only where packages leave from, the transports list to every sender', () => {
    const rootManager = permissionsFor('root_management_unit_manager', 'tim');
    const rmu = { currentModule: 'tim' as const, modules: { tim: 'root_management_unit_manager' as const } };
    const seller = { currentModule: 'tim' as const, modules: { tim: 'store_seller' as const } };
    const operator = { currentModule: 'rps' as const, modules: { rps: 'warehouse_operator' as const } };
    expect(shipsPackages(rmu)).toBe(false);
    expect(shipsPackages(seller)).toBe(true);
    expect(shipsPackages(operator)).toBe(true);
    // a store manager who is also a warehouse manager, in the root module: nothing ships from there
    expect(shipsPackages({ currentModule: 'root', modules: { tim: 'store_manager' } })).toBe(false);
    const keys = keysOf(
      (p) => rootManager.includes(p),
      (requirement) => requirement !== 'shipping' || shipsPackages(rmu),
    );
    expect(keys).toContain('transportsList');
    expect(keys).not.toContain('expedition');
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
      'vouchersRedeem',
      // the transfer batches (docs/payments.md)
      'paymentBatches',
      'categories',
      'products',
      'catalogSearch',
      'diagnostic',
      'imports',
      'exports',
      'expedition',
      'transportsList',
      'design',
      'whiteLabel',
      'homePage',
      'paymentModes',
      'connectors',
      'circuits',
      'dispatchCircuitRules',
      'users',
      'entities',
      'transferOrder',
      // the general settings of each module (docs/general-settings.md), sorted out by `requires`
      'brandSettings',
      'buyerSettings',
      // the SFTP access (premium sftp_access; docs/imports.md)
      'sftp',
      // the admin section's payment search: root managers hold payment.search too
      'searchPayment',
    ]);
  });

  it('shows the connectors to those who configure them only', () => {
    const rootManager = permissionsFor('root_management_unit_manager', 'tim');
    expect(keysOf((p) => rootManager.includes(p))).toContain('connectors');
    for (const [type, module] of [
      ['root_management_unit_analyst', 'tim'],
      ['store_manager', 'tim'],
      ['buyer_manager', 'lcm'],
    ] as const)
      expect(keysOf((p) => permissionsFor(type, module).includes(p))).not.toContain('connectors');
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

  it('offers the general settings of the module the user works in, to those who hold general_settings', () => {
    const settingsKeys = (type: 'root_management_unit_manager' | 'buyer_manager', module: 'tim' | 'lcm') =>
      keysOf(
        (p) => permissionsFor(type, module).includes(p),
        (requirement) =>
          requirement === 'brandModule' || requirement === 'buyerModule'
            ? inSettingsModule(requirement, { currentModule: module })
            : false,
      ).filter((key) => key.endsWith('Settings'));
    expect(settingsKeys('root_management_unit_manager', 'tim')).toEqual(['brandSettings']);
    expect(settingsKeys('buyer_manager', 'lcm')).toEqual(['buyerSettings']);
    // a platform admin in the root module has no account-wide settings of a module there
    expect(inSettingsModule('brandModule', { currentModule: 'root' })).toBe(false);
    expect(inSettingsModule('buyerModule', null)).toBe(false);
    for (const [type, module] of [
      ['root_management_unit_analyst', 'tim'],
      ['store_manager', 'tim'],
      ['warehouse_manager', 'rps'],
    ] as const)
      expect(keysOf((p) => permissionsFor(type, module).includes(p))).not.toContain('brandSettings');
  });

  it('drops a group whose links are all forbidden, and sections left empty', () => {
    const sections = visibleMenu(canAs('menu.organization'));
    expect(sections.map((s) => s.key)).toEqual(['main']);
  });

  it('offers as shortcuts every permitted link except home', () => {
    expect(shortcuts(canAs('menu.organization', 'user.list')).map((l) => l.to)).toEqual(['/users']);
  });
  it('shows the clients entries to platform admins only, and the new platform admin to the super admin', () => {
    const admin = keysOf((p) => permissionsFor('admin', 'root').includes(p));
    expect(admin).toEqual(expect.arrayContaining(['clients', 'clientCreate', 'userClientCreate']));
    expect(admin).not.toContain('userAdminCreate');
    expect(keysOf((p) => permissionsFor('super_admin', 'root').includes(p))).toContain('userAdminCreate');
    for (const [type, module] of [
      ['root_management_unit_manager', 'tim'],
      ['buyer_manager', 'lcm'],
      ['warehouse_manager', 'rps'],
    ] as const) {
      const keys = keysOf((p) => permissionsFor(type, module).includes(p));
      for (const key of ['clients', 'clientCreate', 'userAdminCreate', 'userClientCreate'])
        expect(keys, type).not.toContain(key);
    }
  });
});
