import type { ModuleType, Permission, PremiumFeature, RefurbishmentFeature, UserType } from '@reprise/shared';
import {
  type Icon,
  IconAdjustments,
  IconAlertTriangle,
  IconArrowsSplit,
  IconBarcode,
  IconBook2,
  IconBox,
  IconBriefcase,
  IconBug,
  IconBuildingBank,
  IconBuildingCommunity,
  IconBuildingPlus,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconCash,
  IconCategory,
  IconCirclePlus,
  IconClipboardCheck,
  IconClipboardList,
  IconCreditCard,
  IconFileExport,
  IconFileImport,
  IconFileText,
  IconGift,
  IconHelpCircle,
  IconHistory,
  IconHome,
  IconLayoutDashboard,
  IconListCheck,
  IconListDetails,
  IconListSearch,
  IconPackage,
  IconPalette,
  IconPlugConnected,
  IconReceipt,
  IconRoute,
  IconScan,
  IconServer,
  IconSettings,
  IconShieldCheck,
  IconShieldLock,
  IconStethoscope,
  IconTool,
  IconTruck,
  IconTruckDelivery,
  IconUserPlus,
  IconUserShield,
  IconUsers,
  IconWorld,
  IconWorldWww,
  IconZoomQuestion,
} from '@tabler/icons-react';

/** A link of the side menu; its label is `layout:menu.<key>`, its shortcut text `home:shortcut.<key>`. */
export interface MenuLink {
  key: string;
  to: string;
  icon: Icon;
  permission?: Permission;
  /** Shows a premium badge (the feature is sold separately). */
  premium?: PremiumFeature;
  /**
   * Shown only when this capability is on for the user's account: `warehouseCheckin` is off when
   * check-in is disabled (root details) and for platform admins (features/warehouse-checkin);
   * `shipping` is on for the users who work at a store or a warehouse, where packages leave from
   * (features/expedition: a head office or a buyer's root ships nothing); `sftpAccess` is on when
   * the account has the premium feature sftp_access (features/settings/premium.queries.ts);
   * `brandModule` and `buyerModule` are on in the tim and the lcm module (`inSettingsModule`).
   */
  requires?:
    | 'warehouseCheckin'
    | 'shipping'
    | 'sftpAccess'
    | 'brandModule'
    | 'buyerModule'
    | RefurbishmentFeature;
}

/** A folding group of links (e.g. Organisation: users, entities). */
export interface MenuGroup {
  key: string;
  icon: Icon;
  permission?: Permission;
  links: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

/** A titled part of the side menu; its title is `layout:menu.section.<key>`. */
export interface MenuSection {
  key: string;
  entries: MenuEntry[];
}

export function isMenuGroup(entry: MenuEntry): entry is MenuGroup {
  return 'links' in entry;
}

/**
 * The dashboard menu in the order Buybacks, refurbishment, stock and the
 * platform-admin section get their entries with the features that bring their screens.
 */
export const MENU: MenuSection[] = [
  { key: 'main', entries: [{ key: 'home', to: '/home', icon: IconHome }] },
  {
    key: 'buybacks',
    entries: [
      { key: 'buybackCreate', to: '/buyback/create', icon: IconCirclePlus, permission: 'buyback.create' },
      { key: 'buybacks', to: '/buybacks', icon: IconReceipt, permission: 'buyback.list' },
      {
        key: 'buybacksPredeclared',
        to: '/buybacks-predeclared',
        icon: IconBarcode,
        permission: 'buyback.predeclared_access',
      },
      // hidden, and its routes redirect home, when check-in is disabled
      {
        key: 'warehouseCheckin',
        to: '/warehouse/checkin',
        icon: IconScan,
        permission: 'warehouse_checkin.submenu',
        requires: 'warehouseCheckin',
      },
      {
        key: 'warehouseControl',
        to: '/warehouse/check',
        icon: IconClipboardCheck,
        permission: 'buyback_item.control',
      },
      {
        key: 'buybacksQuarantine',
        to: '/buybacksQuarantine',
        icon: IconShieldLock,
        permission: 'quarantine.transition',
      },
      { key: 'verification', to: '/verification', icon: IconListSearch, permission: 'item.verify' },
      { key: 'vouchersRedeem', to: '/vouchers/redeem', icon: IconGift, permission: 'voucher.redeem' },
      {
        key: 'paymentBatches',
        to: '/payment-batches',
        icon: IconBuildingBank,
        permission: 'payment.batches',
      },
      { key: 'policeRegister', to: '/police-register', icon: IconBook2, permission: 'police_register.read' },
    ],
  },
  {
    key: 'catalog',
    entries: [
      { key: 'categories', to: '/categories/list', icon: IconCategory, permission: 'category.list' },
      { key: 'products', to: '/products', icon: IconPackage, permission: 'product.list' },
      { key: 'catalogSearch', to: '/catalog-search', icon: IconZoomQuestion, permission: 'product.list' },
      { key: 'diagnostic', to: '/diagnostic', icon: IconStethoscope, permission: 'question.list' },
      // the user's own account's imports (features/imports/routes.tsx)
      { key: 'imports', to: '/imports', icon: IconFileImport, permission: 'imports' },
      // the user's own account's catalogue export; its page needs export.categories too (features/exports/routes.tsx)
      { key: 'exports', to: '/exports', icon: IconFileExport, permission: 'export.products' },
    ],
  },
  {
    key: 'refurbishment',
    entries: [
      {
        key: 'refurbDiagnosis',
        to: '/refurb-diagnosis/start',
        icon: IconClipboardList,
        permission: 'refurb_diagnostic.write',
        requires: 'diagnosis',
      },
      {
        key: 'itemRefurbSteps',
        to: '/warehouse/item-refurb-steps/search',
        icon: IconTool,
        permission: 'refurb.write',
        requires: 'refurbSteps',
      },
      // each hidden, and its routes lead home, when the account's refurbishment connector switches it off
      {
        key: 'refurbSteps',
        to: '/refurb-steps',
        icon: IconListCheck,
        permission: 'refurb_step.manage',
        requires: 'refurbSteps',
      },
      {
        key: 'refurbDiagnosisQuestions',
        to: '/refurb-diagnosis-questions',
        icon: IconHelpCircle,
        permission: 'refurb_diagnostic.manage',
        requires: 'diagnosis',
      },
    ],
  },
  {
    key: 'stock',
    entries: [
      { key: 'itemsStock', to: '/items-stock', icon: IconBox, permission: 'items_stock.read' },
      {
        key: 'stocks',
        to: '/stocks',
        icon: IconBuildingWarehouse,
        permission: 'stock.manage',
        requires: 'advancedStocks',
      },
      {
        key: 'expedition',
        to: '/start-expedition',
        icon: IconTruckDelivery,
        permission: 'buyback_item.send',
        requires: 'shipping',
      },
      { key: 'transportsList', to: '/transports-list', icon: IconTruck, permission: 'buyback_item.send' },
    ],
  },
  {
    key: 'configuration',
    entries: [
      { key: 'design', to: '/design', icon: IconPalette, permission: 'design' },
      { key: 'whiteLabel', to: '/white-label/site', icon: IconWorldWww, permission: 'design' },
      { key: 'homePage', to: '/white-label/home-page', icon: IconLayoutDashboard, permission: 'design' },
      { key: 'paymentModes', to: '/payment-modes', icon: IconCreditCard, permission: 'payment_modes' },
      // to the user's own root organisation's connectors (features/connectors/routes.tsx)
      {
        key: 'connectors',
        to: '/connectors',
        icon: IconPlugConnected,
        permission: 'connector.configuration',
      },
      { key: 'circuits', to: '/circuits', icon: IconRoute, permission: 'dispatch_circuit_rule.list' },
      {
        key: 'dispatchCircuitRules',
        to: '/dispatch-circuit-rules',
        icon: IconListDetails,
        permission: 'dispatch_circuit_rule.list',
      },
      {
        key: 'warehouseDispatch',
        to: '/warehouse-dispatch',
        icon: IconArrowsSplit,
        permission: 'warehouse_dispatch_rule.read',
      },
      {
        key: 'organization',
        icon: IconBuildingCommunity,
        permission: 'menu.organization',
        links: [
          { key: 'users', to: '/users', icon: IconUsers, permission: 'user.list' },
          { key: 'entities', to: '/entities', icon: IconBuildingStore, permission: 'organization.list' },
        ],
      },
      {
        key: 'settings',
        icon: IconSettings,
        permission: 'menu.settings',
        links: [
          {
            key: 'transferOrder',
            to: '/settings/transfer-order',
            icon: IconFileText,
            permission: 'transfer_order_settings',
            premium: 'custom_transfer_order',
          },
          // the general settings of the module the user works in (features/general-settings)
          {
            key: 'brandSettings',
            to: '/settings/tim/general',
            icon: IconAdjustments,
            permission: 'general_settings',
            requires: 'brandModule',
          },
          {
            key: 'buyerSettings',
            to: '/settings/lcm/general',
            icon: IconAdjustments,
            permission: 'general_settings',
            requires: 'buyerModule',
          },
          // shown only when the account has sftp_access
          {
            key: 'sftp',
            to: '/settings/sftp',
            icon: IconServer,
            permission: 'general_settings',
            requires: 'sftpAccess',
          },
        ],
      },
    ],
  },
  {
    key: 'admin',
    entries: [
      { key: 'clients', to: '/clients', icon: IconBriefcase, permission: 'client.list' },
      { key: 'clientCreate', to: '/client/create', icon: IconBuildingPlus, permission: 'client.create' },
      { key: 'userAdmins', to: '/userAdmin', icon: IconShieldCheck, permission: 'menu.admin' },
      { key: 'userAdminCreate', to: '/userAdmin/create', icon: IconUserShield, permission: 'admin.assign' },
      { key: 'userClientCreate', to: '/userClient/create', icon: IconUserPlus, permission: 'client.create' },
      {
        key: 'whiteLabelSites',
        to: '/white-label/sites',
        icon: IconWorld,
        permission: 'white_label.activate',
      },
      // root and buyer managers hold payment.search too
      { key: 'searchPayment', to: '/searchPayment', icon: IconCash, permission: 'payment.search' },
      { key: 'failedJobs', to: '/admin/jobs', icon: IconAlertTriangle, permission: 'job.list' },
      { key: 'clientErrors', to: '/admin/client-errors', icon: IconBug, permission: 'client_error.list' },
      { key: 'auditLog', to: '/admin/audit-log', icon: IconHistory, permission: 'audit.list' },
    ],
  },
];

type Can = (permission: Permission) => boolean;
/** Whether a capability a link `requires` is on (features/warehouse-checkin, useMenuRequirements). */
export type Has = (requirement: NonNullable<MenuLink['requires']>) => boolean;

/** The user types that work where packages leave from: a store or a warehouse (docs/refurbishment.md). */
const SHIPPING_USER_TYPES: readonly UserType[] = [
  'store_manager',
  'store_seller',
  'warehouse_manager',
  'warehouse_operator',
];

/** Whether the user's type in the current module ships packages (the expedition menu entry). */
export function shipsPackages(user: {
  currentModule: ModuleType;
  modules: Partial<Record<ModuleType, UserType>>;
}): boolean {
  const type = user.modules[user.currentModule];
  return type !== undefined && SHIPPING_USER_TYPES.includes(type);
}

/** Whether the general settings link of a module (`brandModule`, `buyerModule`) suits the current module. */
export function inSettingsModule(
  requirement: 'brandModule' | 'buyerModule',
  user: { currentModule: ModuleType } | null,
): boolean {
  return user?.currentModule === (requirement === 'brandModule' ? 'tim' : 'lcm');
}

const allowed = (can: Can, permission: Permission | undefined) => !permission || can(permission);
const linkAllowed = (can: Can, has: Has, link: MenuLink) =>
  allowed(can, link.permission) && (!link.requires || has(link.requires));

/**
 * The menu as this user may see it: entries without their permission, links whose required
 * capability is off (`has`), and empty parts removed.
 */
export function visibleMenu(can: Can, menu: MenuSection[] = MENU, has: Has = () => true): MenuSection[] {
  return menu
    .map((section) => ({
      ...section,
      entries: section.entries.flatMap((entry): MenuEntry[] => {
        if (!isMenuGroup(entry)) return linkAllowed(can, has, entry) ? [entry] : [];
        if (!allowed(can, entry.permission)) return [];
        const links = entry.links.filter((link) => linkAllowed(can, has, link));
        return links.length > 0 ? [{ ...entry, links }] : [];
      }),
    }))
    .filter((section) => section.entries.length > 0);
}

/** Every link the user may open, home excepted: the shortcuts of the home page. */
export function shortcuts(can: Can, menu: MenuSection[] = MENU, has: Has = () => true): MenuLink[] {
  return visibleMenu(can, menu, has)
    .flatMap((section) => section.entries.flatMap((entry) => (isMenuGroup(entry) ? entry.links : [entry])))
    .filter((link) => link.key !== 'home');
}
