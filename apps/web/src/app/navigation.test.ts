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
/** The menu of a user with one user type in one module (and no other requirement). */
const keysAs = (...userType: Parameters<typeof permissionsFor>) => {
  const granted = permissionsFor(...userType);
  return keysOf((p) => granted.includes(p));
};
/**
 * What a store's managers see first: the buybacks, the IMEI verification and the vouchers and
 * gift cards redeemed at the counter (docs/payments.md).
 */
const COUNTER_ENTRIES = [
  'home',
  'buybackCreate',
  'buybacks',
  'buybacksPredeclared',
  'verification',
  'vouchersRedeem',
];

describe('side menu', () => {
  it('shows a store manager home, the buybacks, users and entities, but not design', () => {
    expect(keysAs('store_manager', 'tim')).toEqual([
      ...COUNTER_ENTRIES,
      // the store's police register (docs/police-register.md)
      'policeRegister',
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
    const analystKeys = keysAs('management_unit_analyst', 'tim');
    expect(analystKeys).not.toContain('buybacksPredeclared');
    expect(analystKeys).toContain('buybacks');
    expect(analystKeys).not.toContain('buybackCreate');
    expect(keysAs('warehouse_operator', 'rps')).not.toContain('buybackCreate');
  });

  it('shows a root manager the catalogue and the configuration entries too', () => {
    expect(keysAs('root_management_unit_manager', 'tim')).toEqual([
      ...COUNTER_ENTRIES,
      // the transfer batches (docs/payments.md)
      'paymentBatches',
      'policeRegister',
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
    expect(keysAs('root_management_unit_manager', 'tim')).toContain('connectors');
    for (const [type, module] of [
      ['root_management_unit_analyst', 'tim'],
      ['store_manager', 'tim'],
      ['buyer_manager', 'lcm'],
    ] as const)
      expect(keysAs(type, module)).not.toContain('connectors');
  });

  it('shows circuits to those who read them, payment modes and the transfer order only with their permissions', () => {
    const keys = keysAs('root_management_unit_analyst', 'tim');
    expect(keys).toContain('circuits');
    expect(keys).toContain('dispatchCircuitRules');
    expect(keys).not.toContain('paymentModes');
    expect(keys).not.toContain('transferOrder');
  });

  it('shows the catalogue to those who read it, and not to a store seller', () => {
    expect(keysAs('management_unit_analyst', 'tim')).toContain('diagnostic');
    expect(keysAs('store_seller', 'tim')).not.toContain('products');
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
      expect(keysAs(type, module)).not.toContain('brandSettings');
  });

  it('drops a group whose links are all forbidden, and sections left empty', () => {
    const sections = visibleMenu(canAs('menu.organization'));
    expect(sections.map((s) => s.key)).toEqual(['main']);
  });

  it('offers as shortcuts every permitted link except home', () => {
    expect(shortcuts(canAs('menu.organization', 'user.list')).map((l) => l.to)).toEqual(['/users']);
  });
  it('shows the clients entries to platform admins only, and the new platform admin to the super admin', () => {
    const admin = keysAs('admin', 'root');
    expect(admin).toEqual(expect.arrayContaining(['clients', 'clientCreate', 'userClientCreate']));
    expect(admin).not.toContain('userAdminCreate');
    expect(keysAs('super_admin', 'root')).toContain('userAdminCreate');
    for (const [type, module] of [
      ['root_management_unit_manager', 'tim'],
      ['buyer_manager', 'lcm'],
      ['warehouse_manager', 'rps'],
    ] as const) {
      const keys = keysAs(type, module);
      for (const key of ['clients', 'clientCreate', 'userAdminCreate', 'userClientCreate'])
        expect(keys, type).not.toContain(key);
    }
  });
});
