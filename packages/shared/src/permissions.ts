import { type ModuleType, RETAIL_USER_TYPES, type UserType } from './enums';

/**
 * The one registry of permission names.
 * The server checks them on every route; the web app hides what the user may not do.
 */
export const PERMISSIONS = {
  // menus
  'menu.buyback': 'See the Buybacks menu',
  'menu.refurbishment': 'See the Refurbishment menu',
  'menu.stock': 'See the Stock menu',
  'menu.catalog': 'See the catalogue menu entries',
  'menu.configuration': 'See the Configuration menu',
  'menu.organization': 'See the organisation entries (users, entities)',
  'menu.settings': 'See the settings entries',
  'menu.admin': 'See the platform-admin section',
  'dashboard.read': 'Open the home dashboard and its statistics',
  // buybacks
  'buyback.list': 'List buybacks',
  'buyback.detail': 'Open a buyback',
  'buyback.create': 'Create a buyback (wizard)',
  'buyback.predeclared_access': 'Find and finalise pre-declared web buybacks',
  'buyback.cancel': 'Cancel a buyback',
  'tracking_link.revoke': "Revoke and re-issue a buyback's customer tracking link",
  'buyback_item.send': 'Send buyback items (expedition)',
  'buyback_item.control': 'Control buyback items in the warehouse',
  'quarantine.transition': 'Move items into and out of quarantine',
  'quarantine.send_mail': 'Send a quarantine (litigation) e-mail',
  'warehouse_checkin.submenu': 'Register items arriving at the warehouse',
  'item.mark_lost_store': 'Mark an item lost in store',
  'item.mark_lost_transport': 'Mark an item lost in transport',
  'item.mark_lost_warehouse': 'Mark an item lost in warehouse',
  'item.revert_loss': 'Undo the loss of an item (with a reason)',
  'item.verify': 'Verify items by identification number or by a CSV list (/verification)',
  'payment.mark_paid': 'Mark a payment as paid',
  'payment.search': 'Search payments and relaunch them',
  'payment.batches': 'Download transfer batches, mark them sent and upload bank statements',
  'voucher.redeem': 'Redeem vouchers and gift cards at the store counter',
  // refurbishment and stock
  'refurb_step.manage': 'Manage refurbishment steps (services)',
  'refurb_diagnostic.manage': 'Manage refurbishment diagnosis questions',
  'refurb_diagnostic.write': 'Run a refurbishment diagnosis',
  'refurb.write': 'Execute refurbishment steps',
  'items_stock.read': 'Read items in stock',
  'stock.manage': 'Manage stocks',
  // catalogue
  'category.list': 'List categories',
  'category.detail': 'Open a category',
  'category.create': 'Create and edit categories',
  'product.list': 'List products',
  'product.detail': 'Open a product',
  'product.create': 'Create and edit products',
  'question.list': 'List diagnostic questions',
  'question.detail': 'Open a diagnostic question',
  'question.create': 'Create and edit diagnostic questions',
  // configuration
  design: 'Change logo, favicon and main colour',
  payment_modes: 'Configure payment modes',
  'dispatch_circuit_rule.list': 'List circuits and dispatch circuit rules',
  'circuit.manage': 'Create and edit circuits, link them to categories and edit dispatch circuit rules',
  'warehouse_dispatch_rule.read': 'Read warehouse dispatch rules',
  'warehouse_dispatch_rule.write': 'Create, edit, order and delete warehouse dispatch rules',
  general_settings: 'Change the general settings',
  transfer_order_settings: 'Change the transfer-order terms',
  imports: 'Run and read imports',
  'export.products': 'Export products',
  'export.categories': 'Export categories',
  'export.buybacks': 'Export buybacks',
  'connector.configuration': 'Configure connectors',
  // organisation and users
  'organization.list': 'List entities',
  'organization.detail': 'Open an entity',
  'organization.create': 'Create and edit entities',
  'user.list': 'List users',
  'user.detail': 'Open a user',
  'user.create': 'Create and edit users',
  'user.force_sso_field': 'Set the force-single-sign-on field of a user',
  // platform administration
  'client.list': 'List client accounts',
  'client.detail': 'Open a client account',
  'client.create': 'Create and edit client accounts',
  'admin.assign': 'Assign platform-admin users',
  'white_label.activate': "Activate or deactivate a retailer's public site and set its address",
  'job.list': 'List the background jobs that failed (mails…), with their error',
  'job.retry': 'Run a failed background job again, or discard it',
  'client_error.list':
    "Read the web app's uncaught errors reported by browsers, grouped by message and screen",
  // the stores' police register (docs/police-register.md)
  'police_register.read': 'Read and export the police register of the stores one sees, and verify its chain',
  'police_register.correct': 'Record a correction entry in the police register of a store one sees',
  'audit.list': "Read every account's audit log (who changed what, and when) and export it as CSV",
  // the public site's anonymous visitor (pseudo_anonymous)
  'web_buyback.create': 'Use the web buyback wizard and check out a web cart on the public site',
  'web_buyback.read':
    'Read the web buybacks one created on the public site, their instructions and documents',
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

const READ_ORG: Permission[] = [
  'menu.organization',
  'organization.list',
  'organization.detail',
  'user.list',
  'user.detail',
];
const WRITE_ORG: Permission[] = [...READ_ORG, 'organization.create', 'user.create'];
const BUYBACK_READ: Permission[] = ['menu.buyback', 'buyback.list', 'buyback.detail'];
const CATALOG_READ: Permission[] = [
  'menu.catalog',
  'category.list',
  'category.detail',
  'product.list',
  'product.detail',
  'question.list',
  'question.detail',
];
/** A store's buyback work: creating (pre-declared ones too), cancelling, sending, losing, verifying. */
const STORE_BUYBACK_WRITE: Permission[] = [
  'buyback.create',
  'buyback.predeclared_access',
  'buyback.cancel',
  'tracking_link.revoke',
  'buyback_item.send',
  'item.mark_lost_store',
  'item.verify',
];
const CATALOG_WRITE: Permission[] = [...CATALOG_READ, 'category.create', 'product.create', 'question.create'];
const WAREHOUSE_OPERATE: Permission[] = [
  'menu.buyback',
  'menu.refurbishment',
  'menu.stock',
  'buyback.list',
  'buyback.detail',
  'buyback_item.send',
  'buyback_item.control',
  'warehouse_checkin.submenu',
  'refurb_diagnostic.write',
  'refurb.write',
  'items_stock.read',
  'item.mark_lost_transport',
  'item.mark_lost_warehouse',
  'item.verify',
];

/** The visitor's own permissions: only a `pseudo_anonymous` user of a public site holds them. */
export const VISITOR_PERMISSIONS: readonly Permission[] = ['web_buyback.create', 'web_buyback.read'];

/** Every permission but the visitor's, for platform operators. */
const ALL = PERMISSION_NAMES.filter((p) => !VISITOR_PERMISSIONS.includes(p));

/**
 * The matrix user type × module → permissions. A user type holds permissions only in the
 * module it is held in (USER_TYPES_BY_MODULE); platform operators hold theirs in every module.
 */
export const PERMISSION_MATRIX: Record<UserType, Permission[]> = {
  super_admin: ALL,
  admin: ALL.filter((p) => p !== 'admin.assign'),
  root_management_unit_manager: [
    'dashboard.read',
    ...WRITE_ORG,
    'user.force_sso_field',
    ...BUYBACK_READ,
    ...STORE_BUYBACK_WRITE,
    'payment.mark_paid',
    'payment.search',
    'payment.batches',
    'voucher.redeem',
    'quarantine.send_mail',
    ...CATALOG_WRITE,
    'menu.configuration',
    'menu.settings',
    'design',
    'payment_modes',
    'dispatch_circuit_rule.list',
    'circuit.manage',
    'general_settings',
    'transfer_order_settings',
    'imports',
    'export.products',
    'export.categories',
    'export.buybacks',
    'connector.configuration',
    'police_register.read',
    'police_register.correct',
  ],
  root_management_unit_analyst: [
    'dashboard.read',
    ...READ_ORG,
    ...BUYBACK_READ,
    ...CATALOG_READ,
    'dispatch_circuit_rule.list',
    'export.products',
    'export.categories',
    'export.buybacks',
  ],
  management_unit_manager: [
    'dashboard.read',
    ...WRITE_ORG,
    ...BUYBACK_READ,
    ...STORE_BUYBACK_WRITE,
    'voucher.redeem',
    'quarantine.send_mail',
    ...CATALOG_READ,
    'export.buybacks',
    'police_register.read',
  ],
  management_unit_analyst: ['dashboard.read', ...READ_ORG, ...BUYBACK_READ, ...CATALOG_READ],
  store_manager: [
    'dashboard.read',
    ...READ_ORG,
    'user.create',
    ...BUYBACK_READ,
    ...STORE_BUYBACK_WRITE,
    'voucher.redeem',
    'police_register.read',
    'police_register.correct',
  ],
  store_seller: [
    'dashboard.read',
    ...BUYBACK_READ,
    'buyback.create',
    'buyback.predeclared_access',
    'tracking_link.revoke',
    'buyback_item.send',
    'item.mark_lost_store',
    'voucher.redeem',
  ],
  buyer_manager: [
    'dashboard.read',
    ...WRITE_ORG,
    ...BUYBACK_READ,
    ...CATALOG_READ,
    'quarantine.transition',
    'quarantine.send_mail',
    'payment.mark_paid',
    'payment.search',
    // buyer payment: a buyer that pays the customers sends its own transfer batches
    'payment.batches',
    'menu.configuration',
    'warehouse_dispatch_rule.read',
    'warehouse_dispatch_rule.write',
    'item.verify',
    'export.buybacks',
    // the buyer module's general settings: warehouse comments, check-in, buyer payment
    'menu.settings',
    'general_settings',
  ],
  warehouse_manager: [
    'dashboard.read',
    ...READ_ORG,
    'user.create',
    ...WAREHOUSE_OPERATE,
    'quarantine.transition',
    'quarantine.send_mail',
    'refurb_step.manage',
    'refurb_diagnostic.manage',
    'stock.manage',
    'menu.configuration',
    'warehouse_dispatch_rule.read',
  ],
  warehouse_operator: ['dashboard.read', ...WAREHOUSE_OPERATE],
  pseudo_anonymous: [...VISITOR_PERMISSIONS],
};

/** Permissions a user of this type holds in a module (empty outside the type's own module). */
export function permissionsFor(userType: UserType, module: ModuleType): Permission[] {
  if (userType === 'admin' || userType === 'super_admin') return PERMISSION_MATRIX[userType];
  return moduleOfUserType(userType) === module ? PERMISSION_MATRIX[userType] : [];
}

/**
 * True when this user type opens the back office in the module: it holds a permission there other
 * than the public site visitor's (a `pseudo_anonymous` user never signs in nor chooses a module).
 */
export function isBackOfficeUserType(userType: UserType, module: ModuleType): boolean {
  return permissionsFor(userType, module).some((p) => !VISITOR_PERMISSIONS.includes(p));
}

export function moduleOfUserType(userType: UserType): ModuleType {
  if (userType === 'admin' || userType === 'super_admin') return 'root';
  if (userType === 'buyer_manager') return 'lcm';
  if (userType === 'warehouse_manager' || userType === 'warehouse_operator') return 'rps';
  return 'tim';
}

/**
 * The user types an actor may grant: its own rank and below, on its own side.
 * Analysts, sellers and operators grant nothing (they cannot write users).
 */
/** The buyer side's user types, highest rank first (the retail side's: RETAIL_USER_TYPES); a manager grants its own rank and below. */
const BUYER_RANKS: readonly UserType[] = ['buyer_manager', 'warehouse_manager', 'warehouse_operator'];
/** The user types of a side from `userType` down. */
const fromRank = (ranks: readonly UserType[], userType: UserType) => ranks.slice(ranks.indexOf(userType));

export const ASSIGNABLE_USER_TYPES: Record<UserType, readonly UserType[]> = {
  super_admin: ['super_admin', 'admin', ...RETAIL_USER_TYPES, ...BUYER_RANKS],
  // assigning a platform admin needs `admin.assign`, held by super_admin only
  admin: [...RETAIL_USER_TYPES, ...BUYER_RANKS],
  root_management_unit_manager: fromRank(RETAIL_USER_TYPES, 'root_management_unit_manager'),
  root_management_unit_analyst: [],
  management_unit_manager: fromRank(RETAIL_USER_TYPES, 'management_unit_manager'),
  management_unit_analyst: [],
  store_manager: fromRank(RETAIL_USER_TYPES, 'store_manager'),
  store_seller: [],
  buyer_manager: fromRank(BUYER_RANKS, 'buyer_manager'),
  warehouse_manager: fromRank(BUYER_RANKS, 'warehouse_manager'),
  warehouse_operator: [],
  pseudo_anonymous: [],
};

export function hasPermission(
  frontPermissions: Partial<Record<ModuleType, readonly string[]>> | undefined,
  module: ModuleType | undefined,
  permission: Permission,
): boolean {
  if (!frontPermissions || !module) return false;
  return frontPermissions[module]?.includes(permission) ?? false;
}
