import type { Permission, PremiumFeature } from '@reprise/shared';
import {
  type Icon,
  IconAlertTriangle,
  IconArrowsSplit,
  IconBarcode,
  IconBuildingCommunity,
  IconBuildingStore,
  IconCategory,
  IconCirclePlus,
  IconClipboardCheck,
  IconCreditCard,
  IconFileText,
  IconHome,
  IconLayoutDashboard,
  IconListDetails,
  IconListSearch,
  IconPackage,
  IconPalette,
  IconReceipt,
  IconRoute,
  IconScan,
  IconSettings,
  IconShieldLock,
  IconStethoscope,
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
   * check-in is disabled (root details) and for platform admins (features/warehouse-checkin).
   */
  requires?: 'warehouseCheckin';
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
 * The dashboard menu in the order of foundation.md section 2. Buybacks, refurbishment, stock and the
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
      // hidden, and its routes redirect home, when check-in is disabled (journeys.md section 2)
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
    ],
  },
  {
    key: 'catalog',
    entries: [
      { key: 'categories', to: '/categories/list', icon: IconCategory, permission: 'category.list' },
      { key: 'products', to: '/products', icon: IconPackage, permission: 'product.list' },
      { key: 'catalogSearch', to: '/catalog-search', icon: IconZoomQuestion, permission: 'product.list' },
      { key: 'diagnostic', to: '/diagnostic', icon: IconStethoscope, permission: 'question.list' },
    ],
  },
  { key: 'refurbishment', entries: [] },
  { key: 'stock', entries: [] },
  {
    key: 'configuration',
    entries: [
      { key: 'design', to: '/design', icon: IconPalette, permission: 'design' },
      { key: 'whiteLabel', to: '/white-label/site', icon: IconWorldWww, permission: 'design' },
      { key: 'homePage', to: '/white-label/home-page', icon: IconLayoutDashboard, permission: 'design' },
      { key: 'paymentModes', to: '/payment-modes', icon: IconCreditCard, permission: 'payment_modes' },
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
        ],
      },
    ],
  },
  {
    key: 'admin',
    entries: [
      {
        key: 'whiteLabelSites',
        to: '/white-label/sites',
        icon: IconWorld,
        permission: 'white_label.activate',
      },
      { key: 'failedJobs', to: '/admin/jobs', icon: IconAlertTriangle, permission: 'job.list' },
    ],
  },
];

type Can = (permission: Permission) => boolean;
/** Whether a capability a link `requires` is on (features/warehouse-checkin, useMenuRequirements). */
export type Has = (requirement: NonNullable<MenuLink['requires']>) => boolean;

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
