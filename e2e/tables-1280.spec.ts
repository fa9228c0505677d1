import type { Page } from '@playwright/test';
import { expect, login, openInApp, test } from './fixtures';
import { openTransferBatch } from './payment-calls';

const MANAGER = 'root_management_unit_manager@demo.test';
const ADMIN = 'admin@demo.test';
const WAREHOUSE = 'warehouse_manager@demo.test';
const BUYER = 'buyer_manager@demo.test';
/** A quarantined demo item (README, warehouse demo): its history has reasons and comments. */
const QUARANTINED = '2100000000210';

interface Screen {
  /** The address, or how to find it (an item's page needs its id). */
  path: string | ((page: Page) => Promise<string>);
  user: string;
  /** A detail's table whose free text wraps by design (a history's comment): only its columns' sight is checked. */
  wraps?: boolean;
}

/**
 * Every list screen of the back office, as a user who may open it (the demo data fills each of
 * them), and the item history: the lists of the first screens and every one added since (warehouse,
 * stocks, refurbishment, payments, transport, administration).
 */
const SCREENS: Screen[] = [
  { path: '/buybacks', user: MANAGER },
  { path: '/products', user: MANAGER },
  { path: '/categories/list', user: MANAGER },
  { path: '/users', user: MANAGER },
  { path: '/entities', user: MANAGER },
  { path: '/circuits', user: MANAGER },
  { path: '/dispatch-circuit-rules', user: MANAGER },
  { path: '/payment-modes', user: MANAGER },
  { path: '/payment-batches', user: MANAGER },
  { path: '/searchPayment', user: MANAGER },
  { path: '/police-register', user: MANAGER },
  { path: '/white-label/sites', user: ADMIN },
  { path: '/clients', user: ADMIN },
  { path: '/userAdmin', user: ADMIN },
  { path: '/admin/audit-log', user: ADMIN },
  { path: '/buybacks', user: WAREHOUSE },
  { path: '/buybacksQuarantine', user: WAREHOUSE },
  { path: '/items-stock', user: WAREHOUSE },
  { path: '/stocks', user: WAREHOUSE },
  { path: '/refurb-steps', user: WAREHOUSE },
  // a question's answers are a list, one answer a line, by design: only the columns' sight is checked
  { path: '/refurb-diagnosis-questions', user: WAREHOUSE, wraps: true },
  { path: '/transports-list', user: WAREHOUSE },
  {
    path: async (page) => {
      const res = await page.request.get(`/api/items-stock?code=${QUARANTINED}`);
      expect(res.ok(), await res.text()).toBe(true);
      const { member } = (await res.json()) as { member: { id: string }[] };
      return `/items-stock/${member[0]?.id}/edit?tab=history`;
    },
    user: WAREHOUSE,
    wraps: true,
  },
  { path: '/warehouse-dispatch', user: BUYER },
  { path: '/searchPayment', user: BUYER },
];

const LOCALES = ['fr-FR', 'en-GB', 'nl-BE', 'de-DE'] as const;

/**
 * What reads badly at this width: a column out of sight (a header or a row's last cell, the
 * actions, past the right edge of the page or of the table's frame, a table scrolled sideways,
 * a page wider than the window), and on lists a row or a filter's label on two lines, a badge cut
 * short.
 */
async function layoutDefects(page: Page, wraps: boolean): Promise<string[]> {
  return page.evaluate((allowWrap) => {
    const defects: string[] = [];
    const viewport = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > viewport + 1)
      defects.push(`page ${document.documentElement.scrollWidth} px wide`);
    for (const table of document.querySelectorAll<HTMLTableElement>('main table')) {
      if (table.getBoundingClientRect().width === 0) continue;
      // the frame that would clip it: the nearest ancestor that does not let it overflow
      let frame: HTMLElement | null = table.parentElement;
      while (frame && frame !== document.body && getComputedStyle(frame).overflowX === 'visible')
        frame = frame.parentElement;
      const right = Math.min(viewport, frame ? frame.getBoundingClientRect().right : viewport);
      if (frame && frame !== document.body && frame.scrollWidth > frame.clientWidth + 1)
        defects.push(`table scrolls sideways by ${frame.scrollWidth - frame.clientWidth} px`);
      const cells = [
        ...table.querySelectorAll<HTMLElement>('thead th'),
        ...table.querySelectorAll<HTMLElement>('tbody tr > :last-child'),
      ];
      for (const cell of cells) {
        const box = cell.getBoundingClientRect();
        if (box.width > 0 && box.right > right + 1)
          defects.push(`out of sight by ${Math.round(box.right - right)} px: "${cell.textContent?.trim()}"`);
      }
    }
    if (allowWrap) return [...new Set(defects)];
    const lineCount = (node: Text) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set(
        [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
      );
      return tops.size;
    };
    for (const row of document.querySelectorAll('main table tr, main label')) {
      const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (text && lineCount(node as Text) > 1) defects.push(`wraps: "${text}"`);
      }
    }
    for (const badge of document.querySelectorAll<HTMLElement>(
      'main .mantine-Badge-root, main .mantine-Badge-label',
    )) {
      if (badge.scrollWidth > badge.clientWidth + 1) defects.push(`badge cut: "${badge.textContent}"`);
    }
    return [...new Set(defects)];
  }, wraps);
}

// the transfer batches list has rows only once a buyback paid by bank transfer has completed
test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(240_000);
  await openTransferBatch(baseURL as string, 'Largeur');
});

for (const locale of LOCALES) {
  test(`at 1280 px in ${locale}, every list shows all its columns, reads one line per row, no badge cut`, async ({
    page,
  }) => {
    test.setTimeout(360_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.addInitScript((l) => localStorage.setItem('reprise.language', l), locale);
    const found: string[] = [];
    let user = '';
    for (const screen of SCREENS) {
      if (screen.user !== user) {
        await page.context().clearCookies();
        await login(page, screen.user);
        user = screen.user;
      }
      const path = typeof screen.path === 'string' ? screen.path : await screen.path(page);
      await openInApp(page, path);
      // a screen without rows checks nothing: it is a defect of its own, and the others are still checked
      const rows = await page
        .locator('main table tbody tr')
        .first()
        .waitFor({ timeout: 30_000 })
        .then(() => true)
        .catch(() => false);
      if (!rows) {
        found.push(`${path} (${user}): no row to check`);
        if (process.env.PROBE) console.log(`${path} (${user}): no row`);
        continue;
      }
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
      for (const defect of await layoutDefects(page, screen.wraps ?? false)) {
        found.push(`${path} (${user}): ${defect}`);
        if (process.env.PROBE) console.log(`${path} (${user}): ${defect}`);
      }
    }
    expect(found).toEqual([]);
  });
}
