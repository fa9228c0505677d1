import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type Cookie, expect, type Locator, type Page, test } from '@playwright/test';

export { expect, test } from '@playwright/test';

/** The password every demo user shares (apps/server/src/seed). */
export const DEMO_PASSWORD = 'Reprise-Demo-2026';

/**
 * Signs in as the login screen does (the same request, its session cookie in the page's context)
 * and opens `path`, the home page by default: the first screen a test needs is the app's one load.
 * Only e2e/auth.spec.ts types the form (`signInWithForm`): every other spec starts signed in
 * without paying for the login screen.
 */
export async function login(
  page: Page,
  email: string,
  path = '/home',
  password = DEMO_PASSWORD,
): Promise<void> {
  // a page that showed the app already remembers its user: the home page first makes it take the
  // new one (the app sends a user it did not expect home), then the screen asked for
  const first = page.url().startsWith('http') ? '/home' : path;
  await openSession(page, email, password);
  // the session confirmed by the page (it then remembers this user, not one signed in before)
  const confirmed = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/session' && response.status() === 200,
  );
  await page.goto(first);
  await confirmed;
  if (first === '/home') await expect(page).toHaveURL(/\/home$/);
  else await expect(page).not.toHaveURL(/\/login(\?|$)/);
  if (first !== path) await page.goto(path);
}

/**
 * The sessions a worker opened, by e-mail: a test signs in with the session an earlier test of the
 * same worker opened for that user, while the server still holds it (a test that signs out, ends a
 * user's sessions or changes a password leaves the next one to sign in afresh).
 */
const savedSessions = new Map<string, Cookie[]>();

async function openSession(page: Page, email: string, password: string): Promise<void> {
  const saved = savedSessions.get(email);
  if (saved && password === DEMO_PASSWORD) {
    await page.context().addCookies(saved);
    const probe = await page.request.get('/api/session');
    if (probe.ok() && (await probe.json()).user?.email === email) return;
    await page.context().clearCookies();
  }
  const res = await page.request.post('/api/login', {
    headers: { Origin: new URL(test.info().project.use.baseURL as string).origin },
    data: { email, password },
  });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
  // the cookies the sign-in set (the session's), not those a test's visits left
  const set = res
    .headersArray()
    .filter(({ name }) => name.toLowerCase() === 'set-cookie')
    .map(({ value }) => value.split('=')[0]?.trim());
  const cookies = (await page.context().cookies(res.url())).filter(({ name }) => set.includes(name));
  if (password === DEMO_PASSWORD) savedSessions.set(email, cookies);
}

/** Requests in flight in a page, counted from the moment the page is first watched. */
const inFlight = new WeakMap<Page, Set<unknown>>();

function watchRequests(page: Page): Set<unknown> {
  let pending = inFlight.get(page);
  if (!pending) {
    const requests = new Set<unknown>();
    page.on('request', (request) => requests.add(request));
    page.on('requestfinished', (request) => requests.delete(request));
    page.on('requestfailed', (request) => requests.delete(request));
    inFlight.set(page, requests);
    pending = requests;
  }
  return pending;
}

/**
 * Waits until the page has had no request in flight for half a second, within `timeout`: the
 * network-idle state of a page, which Playwright only tracks for a document's own load (not for a
 * screen reached by the app's router).
 */
export async function networkQuiet(page: Page, timeout = 15_000): Promise<void> {
  const pending = watchRequests(page);
  const deadline = Date.now() + timeout;
  let quietSince = pending.size === 0 ? Date.now() : 0;
  while (Date.now() < deadline) {
    if (pending.size > 0) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Opens a screen of the back office by the app's router when the app is already loaded in the page
 * (as its links and the browser's back button do), else by loading it: a sweep of many screens then
 * loads the app once, not once a screen. Returns once the screen left is gone from `main`.
 */
export async function openInApp(page: Page, url: string): Promise<void> {
  watchRequests(page);
  const current = page.url();
  const target = new URL(
    url,
    current.startsWith('http') ? current : (test.info().project.use.baseURL as string),
  );
  const loaded =
    current.startsWith('http') &&
    new URL(current).origin === target.origin &&
    (await page.locator('#side-menu').count()) > 0;
  if (!loaded) {
    await page.goto(url);
    return;
  }
  await page.evaluate(
    (href) => {
      for (const element of document.querySelectorAll('main *')) element.setAttribute('data-e2e-left', '');
      // the state React Router writes on a push: its index in the history, a key
      const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', href);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    },
    target.pathname + target.search + target.hash,
  );
  const arrived = await page
    .locator('main :not([data-e2e-left])')
    .first()
    .waitFor({ state: 'attached', timeout: 10_000 })
    .then(
      () => true,
      () => false,
    );
  // a screen that reuses the one before's elements (the same page component): loaded afresh
  if (!arrived) await page.goto(url);
}

/**
 * Every test of the file sees the back office in `locale`: the browser's language and the one the
 * app remembers (a later init script of a test wins over this one).
 */
export function useLanguage(locale: 'fr-FR' | 'en-GB'): void {
  test.use({ locale });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript((language) => localStorage.setItem('reprise.language', language), locale);
  });
}

/** A page of its own browser context, in French, signed in as `email` (a second user beside `page`). */
export async function signedInFrench(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'fr-FR' });
  await context.addInitScript(() => localStorage.setItem('reprise.language', 'fr-FR'));
  const page = await context.newPage();
  await login(page, email);
  return page;
}

/** A namespace of the web's translations (apps/web/src/i18n/<locale>/<namespace>.json). */
export function translations(namespace: string, locale = 'fr-FR') {
  return JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../apps/web/src/i18n/${locale}/${namespace}.json`),
      'utf8',
    ),
  );
}

/** Signs in through the login screen and waits for the home page. Selectors do not depend on the language. */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, email, password);
  await expect(page).toHaveURL(/\/home$/);
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.locator('input[autocomplete="username"]').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/** A message the server wrote to MAIL_DIR (no SMTP configured in e2e). */
export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

const mailDir = () => {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is set by e2e/playwright.config.ts');
  return dir;
};

async function latestMailTo(to: string, since: number): Promise<SentMail | null> {
  const files = await readdir(mailDir()).catch(() => [] as string[]);
  // `<timestamp>-<random>.json`: newest first.
  const candidates = files
    .filter((file) => file.endsWith('.json') && Number(file.split('-')[0]) >= since)
    .sort((a, b) => Number(b.split('-')[0]) - Number(a.split('-')[0]));
  for (const file of candidates) {
    const mail = JSON.parse(await readFile(path.join(mailDir(), file), 'utf8')) as SentMail;
    if (mail.to.toLowerCase() === to.toLowerCase()) return mail;
  }
  return null;
}

/** Waits for the newest mail sent to `to` (since `since`, epoch ms), up to `timeout` ms. */
export async function readLatestMail(to: string, { since = 0, timeout = 10_000 } = {}): Promise<SentMail> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const mail = await latestMailTo(to, since);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${to} in ${mailDir()} within ${timeout} ms`);
}

/** The path of the first link of a mail that matches `pattern` (e.g. `/\/renew\/[^\s"'<>]+/`). */
export function linkIn(mail: SentMail, pattern: RegExp): string {
  const found = pattern.exec(mail.text) ?? pattern.exec(mail.html ?? '');
  if (!found) throw new Error(`No link matching ${pattern} in the mail "${mail.subject}"`);
  return found[0];
}

/** Opens the profile panel of the top bar. */
export async function openProfileMenu(page: Page): Promise<void> {
  await page.getByTestId('profile-menu').click();
}

/**
 * Opens a select and picks one of its options, until a single select shows the option's label. The
 * whole pick is tried again: a click that lands while the form is still rendering (a translation
 * namespace or its options loading) may open a dropdown, or hit an option, that the next render
 * replaces.
 */
export async function pickOption(input: Locator, option: Locator): Promise<void> {
  await expect(async () => {
    if (!(await option.isVisible())) await input.click({ timeout: 2000 });
    const label = ((await option.textContent({ timeout: 2000 })) ?? '').trim();
    await option.click({ timeout: 2000 });
    // a multiple select shows its picks as pills, its own field stays empty
    const multiple = await input.evaluate((field) =>
      field.classList.contains('mantine-PillsInputField-field'),
    );
    if (!multiple) await expect(input).toHaveValue(label, { timeout: 2000 });
  }).toPass({ timeout: 25_000 });
}

/**
 * Answers every question step of a buyback's questionnaire with its first answer (a radio, else a
 * checkbox), up to the first step that is not a question. `heading` is the step's title;
 * `eachStep` checks what every question step shows before it is answered.
 */
export async function answerQuestions(
  page: Page,
  heading: Locator,
  eachStep?: () => Promise<void>,
): Promise<void> {
  for (let guard = 0; guard < 40; guard++) {
    await expect(heading).toBeVisible();
    const text = (await heading.textContent()) ?? '';
    if (!/^Question/.test(text)) return;
    await eachStep?.();
    const radio = page.locator('form').getByRole('radio');
    if ((await radio.count()) > 0) await radio.first().check();
    else await page.locator('form').getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(heading).not.toHaveText(text);
  }
  throw new Error('too many question steps');
}
