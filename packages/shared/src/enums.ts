/** Values named by the specification. */

export const MODULE_TYPES = ['root', 'tim', 'lcm', 'rps'] as const;
export type ModuleType = (typeof MODULE_TYPES)[number];

/** The retail side's user types, highest rank first. */
export const RETAIL_USER_TYPES = [
  'root_management_unit_manager',
  'root_management_unit_analyst',
  'management_unit_manager',
  'management_unit_analyst',
  'store_manager',
  'store_seller',
] as const;

export const USER_TYPES = [
  'admin',
  'super_admin',
  ...RETAIL_USER_TYPES,
  'warehouse_manager',
  'warehouse_operator',
  'buyer_manager',
  'pseudo_anonymous',
] as const;
export type UserType = (typeof USER_TYPES)[number];

export const ORGANIZATION_TYPES = [
  'root_management_unit',
  'management_unit',
  'store',
  'buyer',
  'warehouse',
] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

export const STATUSES = ['active', 'inactive'] as const;
export type Status = (typeof STATUSES)[number];

export const LOCALES = ['fr-FR', 'en-GB', 'nl-BE', 'de-DE'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr-FR';
export const FALLBACK_LOCALE: Locale = 'en-GB';

export const CURRENCIES = ['EUR', 'GBP', 'USD', 'CHF'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const PREMIUM_FEATURES = [
  'custom_transfer_order',
  'imei_search_and_collect',
  'multi_product_cart',
  'payment_bonus',
  'absorption',
  'sftp_access',
] as const;
export type PremiumFeature = (typeof PREMIUM_FEATURES)[number];

export const WAREHOUSE_CHECKIN_REQUIREMENTS = ['optional', 'mandatory', 'disabled'] as const;
export type WarehouseCheckinRequirement = (typeof WAREHOUSE_CHECKIN_REQUIREMENTS)[number];

export const LOG_ACTIONS = ['create', 'update', 'remove'] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

/**
 * The kinds of entity the audit log records (apps/server/src/platform/audit.ts), and the change
 * feed announces (apps/server/src/platform/change-feed.ts): caches subscribe to these names, never
 * to free strings; the audit log viewer filters by them.
 */
export const AUDIT_ENTITIES = [
  'account',
  'bank_statement',
  'buyback',
  'cart',
  'category',
  'category_diagnostic_questions_order',
  'circuit',
  'connector_configuration',
  'diagnostic_question',
  'dispatch_circuit_rule',
  'erasure_certificate',
  'export',
  'gift_card',
  'home_page_config',
  'import',
  'item',
  'item_refurb_step',
  'job',
  'linked_buyer',
  'litigation',
  'organization',
  'organization_root_detail',
  'package',
  'payment',
  'payment_mode',
  'pickup',
  'police_register_access',
  'police_register_entry',
  'product',
  'refurb_diagnosis',
  'refurb_question',
  'refurb_step',
  'sftp_access',
  'shipment',
  'single_sign_on_configuration',
  'site',
  'stock',
  'tracking_link',
  'transfer_batch',
  'transfer_order_settings',
  'user',
  'warehouse_dispatch_rule',
  'white_label_config',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const DEFAULT_MAIN_COLOR = '#2ed678';
export const RELEASE_LABEL = '2025-r31';

/**
 * The lifetime of the public site's anonymous visitor token, in minutes (the spec's 780, its unit
 * not shown; minutes make it 13 hours, a day's visit, about a sign-in session's 12): the cookie's
 * Max-Age and the session's expiry on the server.
 */
export const VISITOR_TOKEN_LIFETIME_MINUTES = 780;

/** The organisation type a user of each type is attached to (its parent entity). */
export const PARENT_TYPE_OF_USER_TYPE: Record<UserType, readonly OrganizationType[]> = {
  admin: ['root_management_unit'],
  super_admin: ['root_management_unit'],
  root_management_unit_manager: ['root_management_unit'],
  root_management_unit_analyst: ['root_management_unit'],
  management_unit_manager: ['management_unit'],
  management_unit_analyst: ['management_unit'],
  store_manager: ['store'],
  store_seller: ['store'],
  warehouse_manager: ['warehouse'],
  warehouse_operator: ['warehouse'],
  buyer_manager: ['buyer'],
  pseudo_anonymous: ['store', 'root_management_unit'],
};

/** The module in which each user type is held. Platform operators act in the root module. */
export const USER_TYPES_BY_MODULE: Record<ModuleType, readonly UserType[]> = {
  root: ['admin', 'super_admin'],
  tim: [...RETAIL_USER_TYPES, 'pseudo_anonymous'],
  lcm: ['buyer_manager'],
  rps: ['warehouse_manager', 'warehouse_operator'],
};

/** The module an organisation of each type belongs to. */
export const MODULE_OF_ORGANIZATION_TYPE: Record<OrganizationType, ModuleType> = {
  root_management_unit: 'tim',
  management_unit: 'tim',
  store: 'tim',
  buyer: 'lcm',
  warehouse: 'rps',
};

/** Which parent types an organisation of a type may attach to (empty: it is a tree root). */
export const ALLOWED_PARENT_TYPES: Record<OrganizationType, readonly OrganizationType[]> = {
  root_management_unit: [],
  management_unit: ['root_management_unit', 'management_unit'],
  store: ['management_unit'],
  buyer: [],
  warehouse: ['buyer'],
};

export const PLATFORM_USER_TYPES: readonly UserType[] = ['admin', 'super_admin'];

/**
 * Product grades, best to worst. Here rather than in schemas/catalog.ts so
 * that the pricing module needs no zod (the public site's product page stays small).
 */
export const PRODUCT_GRADES = ['functional', 'grade_a', 'grade_b', 'grade_c', 'grade_d', 'grade_e'] as const;
export type ProductGrade = (typeof PRODUCT_GRADES)[number];
