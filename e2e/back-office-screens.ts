import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { RouteObject } from 'react-router';
import { dashboardFeatureRoutes, wizardFeatureRoutes } from '../apps/web/src/app/feature-routes';
import type { RouteHandle } from '../apps/web/src/app/guards';
import type { ModuleType, UserType } from '../packages/shared/src/enums';
import { type Permission, permissionsFor } from '../packages/shared/src/permissions';
import { expect, networkQuiet } from './fixtures';

/**
 * Every screen of the back office, read from the routers themselves (so a new screen is swept
 * too), the demo user who opens each, and a real address for each route with parameters: the
 * sweep of e2e/back-office-sweep.spec.ts (untranslated keys and axe) and e2e/i18n-keys.spec.ts.
 */

const root = path.resolve(import.meta.dirname, '..');
export const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
export const pathsIn = (source: string) =>
  [...source.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1] as string);

// router.tsx: the signed-out screens, then the dashboard's own (home, design system)
const routerSource = read('apps/web/src/app/router.tsx');
export const signedOutPaths = pathsIn(routerSource.slice(0, routerSource.indexOf('const dashboardRoutes')));
const shellPaths = pathsIn(
  routerSource.slice(
    routerSource.indexOf('const dashboardRoutes'),
    routerSource.indexOf('export const routes'),
  ),
);

export interface Screen {
  path: string;
  permissions: Permission[];
}

function screensOf(routes: RouteObject[]): Screen[] {
  return routes.flatMap((route) => {
    const permission = (route.handle as RouteHandle | undefined)?.permission;
    return route.path ? [{ path: route.path, permissions: [permission ?? []].flat() }] : [];
  });
}

export const signedInScreens: Screen[] = [
  ...shellPaths.map((p) => ({ path: p, permissions: [] })),
  ...screensOf([...dashboardFeatureRoutes, ...wizardFeatureRoutes]),
];
/** Demo users in the order they are tried: the first who holds a screen's permissions opens it. */
export const USERS: { email: string; userType: UserType; module: ModuleType }[] = [
  {
    email: 'root_management_unit_manager@demo.test',
    userType: 'root_management_unit_manager',
    module: 'tim',
  },
  { email: 'store_manager@demo.test', userType: 'store_manager', module: 'tim' },
  { email: 'store_seller@demo.test', userType: 'store_seller', module: 'tim' },
  { email: 'admin@demo.test', userType: 'admin', module: 'root' },
  { email: 'buyer_manager@demo.test', userType: 'buyer_manager', module: 'lcm' },
  { email: 'warehouse_manager@demo.test', userType: 'warehouse_manager', module: 'rps' },
  // the one screen only a super admin opens: a new platform admin (admin.assign)
  { email: 'super_admin@demo.test', userType: 'super_admin', module: 'root' },
];
export const userFor = (screen: Screen) =>
  USERS.find((u) => screen.permissions.every((p) => permissionsFor(u.userType, u.module).includes(p)));

/** Waits until the screen has loaded what it shows (its heading, requests done, no loader), within a bound. */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first())
    .toBeVisible({ timeout: 15_000 })
    .catch(() => undefined);
  await networkQuiet(page);
  await expect(page.locator('.mantine-Loader-root:visible, [aria-busy="true"]'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
}

async function firstId(request: APIRequestContext, url: string): Promise<string> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  const body = await res.json();
  const first = (Array.isArray(body) ? body : body.member)[0];
  expect(first, `${url} has a row`).toBeTruthy();
  return first.id as string;
}

/** The refurbishment demo's items and configuration (apps/server/src/seed/demo-ids.ts). */
const REFURB = { diagnosisInProgress: '2100000000289', servicesUnderWay: '2100000000296' };
const DEMO_REFURB_STEP = '00000000-0000-4000-8000-000000000531';
const DEMO_REFURB_QUESTION = '00000000-0000-4000-8000-000000000541';

async function itemIdOf(request: APIRequestContext, code: string): Promise<string> {
  const res = await request.get(`/api/items/by-code/${code}`);
  expect(res.status(), code).toBe(200);
  return (await res.json()).id as string;
}

async function diagnosisOf(request: APIRequestContext, code: string): Promise<string> {
  const res = await request.get(`/api/items/${await itemIdOf(request, code)}/refurb-diagnosis`);
  expect(res.status(), code).toBe(200);
  return (await res.json()).id as string;
}

/** A real address for each route with parameters, from the demo data the signed-in user sees. */
export async function sampleUrl(request: APIRequestContext, routePath: string): Promise<string> {
  const ids: Record<string, () => Promise<string>> = {
    'category/:id/edit': async () => `/category/${await firstId(request, '/api/categories')}/edit`,
    'product/:id/edit': async () => `/product/${await firstId(request, '/api/products')}/edit`,
    'diagnostic/category/:categoryId': async () =>
      `/diagnostic/category/${await firstId(request, '/api/categories')}`,
    'diagnostic/category/:categoryId/question/add': async () =>
      `/diagnostic/category/${await firstId(request, '/api/categories')}/question/add`,
    'diagnostic/category/:categoryId/question/:questionId': async () => {
      const product = await firstId(request, '/api/products?status=published');
      const questionnaire = await (
        await request.get(`/api/products/${product}/buyback-questionnaire`)
      ).json();
      const question = questionnaire.questions[0];
      return `/diagnostic/category/${question.categoryId ?? questionnaire.product.mainCategory.id}/question/${question.id}`;
    },
    'circuit/:id/edit': async () => `/circuit/${await firstId(request, '/api/circuits')}/edit`,
    'dispatch-circuit-rule/:id/edit': async () =>
      `/dispatch-circuit-rule/${await firstId(request, '/api/dispatch-circuit-rules')}/edit`,
    'entity/:id/edit': async () => `/entity/${await firstId(request, '/api/organizations')}/edit`,
    'payment-mode/:id/edit': async () => `/payment-mode/${await firstId(request, '/api/payment-modes')}/edit`,
    'user/:id/edit': async () => `/user/${await firstId(request, '/api/users')}/edit`,
    'buyback/:id': async () => `/buyback/${await firstId(request, '/api/buybacks')}`,
    'buyback/:id/edition': async () => `/buyback/${await firstId(request, '/api/buybacks')}/edition`,
    'diag/:productId?/:slug?/:itemId?/:predeclaredBuybackId?': async () =>
      `/diag/${await firstId(request, '/api/products?status=published')}`,
    'cart/:cartId/checkout': async () => '/cart/00000000-0000-4000-8000-00000000c0de/checkout',
    // its screen without an item (the way back to the check-in)
    'warehouse/confirmation-checkin/:itemId?': async () => '/warehouse/confirmation-checkin',
    // Demo Buyer's rules (an admin names the buyer account: apps/server/src/seed/demo-ids.ts, demoBuyer)
    'warehouse-dispatch-rule/:id': async () =>
      `/warehouse-dispatch-rule/${await firstId(request, '/api/warehouse-dispatch-rules?accountId=00000000-0000-4000-8000-000000000300')}`,
    // the refurbishment demo (apps/server/src/seed/demo-ids.ts, refurbishmentItems): a diagnosis in
    // progress, and a finalized one whose services are under way
    'warehouse/refurb-diagnosis/:id': async () =>
      `/warehouse/refurb-diagnosis/${await diagnosisOf(request, REFURB.diagnosisInProgress)}`,
    'refurb-diagnosis/:id/questions': async () =>
      `/refurb-diagnosis/${await diagnosisOf(request, REFURB.diagnosisInProgress)}/questions`,
    'refurb-diagnosis/:id/summary': async () =>
      `/refurb-diagnosis/${await diagnosisOf(request, REFURB.diagnosisInProgress)}/summary`,
    'refurb-diagnosis/:id/stock': async () =>
      `/refurb-diagnosis/${await diagnosisOf(request, REFURB.diagnosisInProgress)}/stock`,
    'refurb-diagnosis/:id/finalized': async () =>
      `/refurb-diagnosis/${await diagnosisOf(request, REFURB.servicesUnderWay)}/finalized`,
    'items/:itemId/item-refurb-steps': async () =>
      `/items/${await itemIdOf(request, REFURB.servicesUnderWay)}/item-refurb-steps`,
    'item-refurb-steps/:itemRefurbStepId': async () => {
      const itemId = await itemIdOf(request, REFURB.servicesUnderWay);
      return `/item-refurb-steps/${await firstId(request, `/api/items/${itemId}/item-refurb-steps`)}`;
    },
    'refurb-step/:id/edit': async () => `/refurb-step/${DEMO_REFURB_STEP}/edit`,
    'refurb-diagnosis-questions/:id/edit': async () =>
      `/refurb-diagnosis-questions/${DEMO_REFURB_QUESTION}/edit`,
    'stocks/:id/edit': async () => `/stocks/${await firstId(request, '/api/stocks')}/edit`,
    // Demo Retail's root organisation and its connectors (apps/server/src/seed/demo-connectors.ts)
    'connectors/:organizationId/connectors': async () =>
      '/connectors/00000000-0000-4000-8000-000000000201/connectors',
    'connectors/:organizationId/configurations/:connectorId': async () =>
      '/connectors/00000000-0000-4000-8000-000000000201/configurations/00000000-0000-4000-c000-000000000003',
    'connectors/:configurationId': async () =>
      `/connectors/${await firstId(request, '/api/connector-organizations')}`,
    // Demo Retail's single sign-on (none configured in the demo: the empty form)
    'connectors/:organizationId/SSO': async () => '/connectors/00000000-0000-4000-8000-000000000201/SSO',
    // Demo Retail's root organisation and account (apps/server/src/seed/demo-ids.ts): their imports
    'imports/:organizationId': async () => '/imports/00000000-0000-4000-8000-000000000201',
    'imports/:organizationId/new': async () => '/imports/00000000-0000-4000-8000-000000000201/new',
    'accounts/:accountId/catalog-imports': async () =>
      '/accounts/00000000-0000-4000-8000-000000000200/catalog-imports',
    'accounts/:accountId/catalog-imports/new': async () =>
      '/accounts/00000000-0000-4000-8000-000000000200/catalog-imports/new',
    // a batch of Demo Retail when one exists (the payment specs make them), else one that is not found
    'payment-batches/:id': async () => {
      const res = await request.get('/api/transfer-batches');
      const first = res.ok() ? (await res.json()).member[0] : undefined;
      return `/payment-batches/${first?.id ?? '00000000-0000-4000-8000-00000000ba7c'}`;
    },
    // Demo Retail's root organisation and account (apps/server/src/seed/demo-ids.ts)
    'exports/:organizationId': async () => '/exports/00000000-0000-4000-8000-000000000201',
    'accounts/:accountId/catalog-export': async () =>
      '/accounts/00000000-0000-4000-8000-000000000200/catalog-export',
    // Demo Retail's root organisation (apps/server/src/seed/demo-ids.ts): its SFTP access
    'configuration/:organizationId/sftp': async () =>
      '/configuration/00000000-0000-4000-8000-000000000201/sftp',
    // Demo Retail's root organisation (apps/server/src/seed/demo-ids.ts): the client's screens
    'client/:organizationId/edit': async () => '/client/00000000-0000-4000-8000-000000000201/edit',
    'client/:organizationId/editPages': async () => '/client/00000000-0000-4000-8000-000000000201/editPages',
    // Demo Retail's account (apps/server/src/seed/demo-ids.ts): its edit screen by account, its buyers
    'beta/account/:accountId/edit': async () => '/beta/account/00000000-0000-4000-8000-000000000200/edit',
    'account/:accountId/linked-buyers': async () =>
      '/account/00000000-0000-4000-8000-000000000200/linked-buyers',
    'userAdmin/:id/edit': async () =>
      `/userAdmin/${await firstId(request, '/api/users?userType=admin')}/edit`,
    'userClient/:id/edit': async () =>
      `/userClient/${await firstId(request, '/api/users?userType=root_management_unit_manager')}/edit`,
    'items-stock/:id/edit': async () => `/items-stock/${await firstId(request, '/api/items-stock')}/edit`,
    // the first entry of Demo Retail Paris Rivoli's police register (apps/server/src/seed/demo-ids.ts)
    'police-register/entries/:id': async () =>
      `/police-register/entries/${await firstId(request, '/api/police-register/stores/00000000-0000-4000-8000-000000000204/entries')}`,
    'warehouse/check/:itemId': async () => {
      const buyback = await (
        await request.get(`/api/buybacks/${await firstId(request, '/api/buybacks')}`)
      ).json();
      return `/warehouse/check/${buyback.item.id}`;
    },
  };
  if (!routePath.includes(':')) return `/${routePath}`;
  const sample = ids[routePath];
  if (!sample)
    throw new Error(`No sample address for the route "${routePath}": add one to e2e/back-office-screens.ts`);
  return sample();
}

/**
 * What i18next shows for a missing key (`key.path`, or `namespace:key` when the namespace is
 * unknown) and for a value it was not given (`{{count}}`): the names are those of the translations.
 */
function keyPatterns(): { namespaces: string[]; heads: string[]; placeholders: string[] } {
  const dir = path.join(root, 'apps/web/src/i18n/fr-FR');
  const namespaces = readdirSync(dir).map((file) => file.replace(/\.json$/, ''));
  const sources = [
    ...readdirSync(dir).map((file) => readFileSync(path.join(dir, file), 'utf8')),
    read('apps/web/src/public/locales/fr-FR.json'),
  ];
  const heads = new Set<string>(namespaces);
  const placeholders = new Set<string>();
  for (const source of sources) {
    for (const key of Object.keys(JSON.parse(source))) heads.add(key);
    for (const match of source.matchAll(/\{\{(\w+)\}\}/g)) placeholders.add(match[1] as string);
  }
  return { namespaces, heads: [...heads], placeholders: [...placeholders] };
}
const PATTERNS = keyPatterns();

/** The texts of the page (visible text, labels, title) that look like a translation key or a placeholder. */
export async function rawKeys(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    // the rendered text: textContent would glue the words of adjacent elements into one token
    // biome-ignore lint/performance/useDomNodeTextContent: what the user reads is what is checked
    const found = [document.title, document.body.innerText];
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], [alt]'))
      for (const name of ['aria-label', 'placeholder', 'title', 'alt'])
        found.push(element.getAttribute(name) ?? '');
    return found;
  });
  const heads = new Set(PATTERNS.heads);
  const namespaces = new Set(PATTERNS.namespaces);
  const placeholders = new Set(PATTERNS.placeholders);
  const keys = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(/\{\{(\w+)\}\}/g))
      if (placeholders.has(match[1] as string)) keys.add(match[0]);
    for (const token of text.split(/[\s"'«»“”()[\],;!?]+/)) {
      const word = token.replace(/[.:…]+$/, '');
      const nsKey = /^([a-zA-Z]+):[a-zA-Z][\w.-]*$/.exec(word);
      if (nsKey && namespaces.has(nsKey[1] as string)) keys.add(word);
      const dotted = /^([a-z][a-zA-Z0-9_]*)(\.[a-zA-Z0-9_-]+)+$/.exec(word);
      if (dotted && heads.has(dotted[1] as string)) keys.add(word);
    }
  }
  return [...keys];
}
