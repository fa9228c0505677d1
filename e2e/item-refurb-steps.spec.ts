import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { call, signIn } from './api-calls';
import { expect, login, pickOption, signedInFrench, test, useLanguage } from './fixtures';
import { awaitingDispatch } from './warehouse-calls';

/**
 * Running an item's services (docs/refurbishment.md), against the
 * real server. Each item is a Paris store buyback brought into refurbishment through the API as the
 * screens do it: sent, checked in and controlled at Saint-Priest (completed at the declared price),
 * then diagnosed with the services of the test (POST /refurb-diagnoses, plan, finalize). In the
 * browser: the operator scans the code, runs the first service (start, pause, resume, validate),
 * cancels the second with a comment and validates the item into "Étagère revente A"; two users act
 * on the same service and the later one is told another user changed it; a data erasure validated
 * issues its certificate, downloaded as a PDF and shown valid on Demo Retail's public site.
 */

useLanguage('fr-FR');

const read = (file: string) => JSON.parse(readFileSync(path.resolve(import.meta.dirname, file), 'utf8'));
const steps = read('../apps/web/src/i18n/fr-FR/itemRefurbSteps.json');
const errors = read('../apps/web/src/i18n/fr-FR/errors.json');
const publicFr = read('../apps/web/src/public/locales/fr-FR.json').erasureCertificate;

/** A page's first screen may wait for its chunk on a busy machine. */
const LOADED = { timeout: 30_000 };

const CLEANING = 'Nettoyage complet';
const BATTERY = 'Remplacement de la batterie';
const ERASURE = 'Effacement certifié des données';

interface InRefurbishment {
  itemId: string;
  identificationNumber: string;
  /** The item's services in their order. */
  services: { id: string; name: string }[];
}

/**
 * A Paris store buyback sent, checked in and controlled at Saint-Priest at the declared answers,
 * then diagnosed with these services (the first run first) and finalized into the workshop stock.
 */
async function inRefurbishment(
  request: APIRequestContext,
  baseURL: string,
  serviceNames: string[],
): Promise<InRefurbishment> {
  const { itemId, identificationNumber: code } = await awaitingDispatch(baseURL, 'Reconditionnement');
  const operator = await signIn(request, 'warehouse_operator@demo.test');

  const diagnosis = await call<{ id: string }>(request, operator, 'POST', '/api/refurb-diagnoses', { code });
  const offered = await call<{ member: { id: string; name: string }[] }>(
    request,
    operator,
    'GET',
    `/api/refurb-diagnoses/${diagnosis.id}/refurb-steps`,
  );
  const ids = serviceNames.map((name) => {
    const service = offered.member.find((s) => s.name === name);
    if (!service) throw new Error(`no service named ${name}`);
    return service.id;
  });
  await call(request, operator, 'PUT', `/api/refurb-diagnoses/${diagnosis.id}/plan`, { refurbStepIds: ids });
  const stocks = await call<{ member: { id: string; name: string }[] }>(
    request,
    operator,
    'GET',
    `/api/refurb-diagnoses/${diagnosis.id}/stocks`,
  );
  const workshop = stocks.member.find((s) => s.name === 'Atelier réparation');
  await call(request, operator, 'POST', `/api/refurb-diagnoses/${diagnosis.id}/finalize`, {
    stockId: workshop?.id,
    firstRefurbStepId: ids[0],
  });
  const listed = await call<{ member: { id: string; name: string }[] }>(
    request,
    operator,
    'GET',
    `/api/items/${itemId}/item-refurb-steps`,
  );
  return {
    itemId,
    identificationNumber: code,
    services: listed.member.map((s) => ({ id: s.id, name: s.name })),
  };
}

const statusOf = (page: Page) => page.getByTestId('step-details').getByTestId('step-status');

/** Clicks an action of the service page and waits for the status it leads to. */
async function act(page: Page, testId: string, status: string) {
  await page.getByTestId(testId).click();
  await expect(statusOf(page)).toHaveAttribute('data-status', status);
}

test('the operator runs the services of an item and validates it into a stock', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const item = await inRefurbishment(request, baseURL as string, [CLEANING, BATTERY]);
  expect(item.services.map((s) => s.name)).toEqual([CLEANING, BATTERY]);

  await login(page, 'warehouse_operator@demo.test', '/warehouse/item-refurb-steps/search');
  const field = page.getByTestId('refurb-search-code');
  await expect(field).toBeFocused(LOADED);
  // a code of another length is refused, the field selected again for the next scan
  await page.keyboard.type('123456', { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByText(errors.code_length_invalid)).toBeVisible();
  await page.keyboard.type(item.identificationNumber, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/items/${item.itemId}/item-refurb-steps$`), LOADED);
  const rows = page.getByTestId('item-service');
  await expect(rows).toHaveCount(2, LOADED);
  await expect(page.getByTestId('validate-item')).toBeDisabled();
  await expect(page.getByTestId('validate-item-hint')).toHaveText(
    steps.validateItem.notFinished_other.replace('{{count}}', '2'),
  );

  // on a phone: one card per service, its actions within the screen
  await page.setViewportSize({ width: 390, height: 800 });
  const cards = page.getByTestId('item-service-card');
  await expect(cards).toHaveCount(2);
  const start = cards.nth(0).getByTestId('row-start');
  await start.scrollIntoViewIfNeeded();
  await expect(start).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 1280, height: 720 });

  // service 1: start, pause, resume, validate
  await rows.nth(0).getByRole('link', { name: CLEANING, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/item-refurb-steps/${item.services[0]?.id}$`), LOADED);
  await expect(statusOf(page)).toHaveText(steps.status.to_do, LOADED);
  await act(page, 'step-start', 'in_progress');
  await page.getByTestId('step-comment').fill('En attente de la pièce');
  await act(page, 'step-pause', 'paused');
  await expect(page.getByTestId('step-details')).toContainText('En attente de la pièce');
  await expect(page.getByTestId('step-start')).toHaveText(steps.action.resume);
  await act(page, 'step-start', 'in_progress');
  await act(page, 'step-validate', 'completed');
  await expect(page.getByTestId('step-no-action')).toBeVisible();

  // service 2: cancelled with a comment (required)
  await page.getByRole('link', { name: steps.step.back }).click();
  await rows.nth(1).getByRole('link', { name: BATTERY, exact: true }).click();
  await expect(statusOf(page)).toHaveText(steps.status.to_do, LOADED);
  await page.getByTestId('step-cancel').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('cancel-confirm').click();
  await expect(dialog.getByText(errors.cancel_comment_required)).toBeVisible();
  await dialog.getByTestId('cancel-comment').fill('Batterie en bon état');
  await dialog.getByTestId('cancel-confirm').click();
  await expect(statusOf(page)).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('step-details')).toContainText('Batterie en bon état');

  // the item: every service finished, validated into the resale shelf
  await page.getByRole('link', { name: steps.step.back }).click();
  await expect(rows.nth(0).getByTestId('step-status')).toHaveAttribute('data-status', 'completed', LOADED);
  await expect(rows.nth(1).getByTestId('step-status')).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('item-completed-cost')).toHaveText(/3,00/);
  const validate = page.getByTestId('validate-item');
  await expect(validate).toBeEnabled();
  await pickOption(
    page.getByTestId('validate-item-stock'),
    page.getByRole('option', { name: 'Étagère revente A' }),
  );
  await validate.click();
  await expect(page).toHaveURL(/\/item-refurb-steps\/completed\?/, LOADED);
  await expect(page.getByTestId('completed-number')).toHaveText(item.identificationNumber);
  await expect(page.getByTestId('completed-stock')).toHaveText('Étagère revente A');
  await page.getByTestId('completed-next').click();
  await expect(page.getByTestId('refurb-search-code')).toBeFocused(LOADED);
});

test('two users on the same service: the later one is told another user changed it', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const item = await inRefurbishment(request, baseURL as string, [CLEANING]);
  const url = `/item-refurb-steps/${item.services[0]?.id}`;
  const operator = await signedInFrench(browser, 'warehouse_operator@demo.test');
  const manager = await signedInFrench(browser, 'warehouse_manager@demo.test');
  try {
    await operator.goto(url);
    await expect(statusOf(operator)).toHaveText(steps.status.to_do, LOADED);
    await manager.goto(url);
    await expect(statusOf(manager)).toHaveText(steps.status.to_do, LOADED);

    await act(manager, 'step-start', 'in_progress');

    // the operator still sees the service to do, types a comment and starts it
    await expect(statusOf(operator)).toHaveAttribute('data-status', 'to_do');
    await operator.getByTestId('step-comment').fill('Je commence le nettoyage');
    await operator.getByTestId('step-start').click();
    const changed = operator.getByTestId('step-changed');
    await expect(changed).toBeVisible();
    await expect(changed).toContainText(errors.refurb_step_changed);
    await expect(changed).toContainText(steps.changed.title);
    // the service as it now is, and the comment kept
    await expect(statusOf(operator)).toHaveAttribute('data-status', 'in_progress');
    await expect(operator.getByTestId('step-details')).toContainText('Wassim Haddad');
    await expect(operator.getByTestId('step-comment')).toHaveValue('Je commence le nettoyage');
    await expect(operator.getByTestId('step-pause')).toBeVisible();
  } finally {
    await operator.context().close();
    await manager.context().close();
  }
});

test('a data erasure validated issues its certificate: the PDF and the check on the public site', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const item = await inRefurbishment(request, baseURL as string, [ERASURE]);
  const imei = (
    await call<{ imei: string | null }>(
      request,
      await signIn(request, 'warehouse_operator@demo.test'),
      'GET',
      `/api/items/${item.itemId}`,
    )
  ).imei;

  await login(page, 'warehouse_operator@demo.test', `/item-refurb-steps/${item.services[0]?.id}`);
  await expect(statusOf(page)).toHaveText(steps.status.to_do, LOADED);
  await act(page, 'step-start', 'in_progress');
  await act(page, 'step-validate', 'completed');
  const download = page.getByTestId('download-certificate');
  await expect(download).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe(`certificat-d-effacement-${item.identificationNumber}.pdf`);
  const pdf = await readFile((await file.path()) as string);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // the verification code the page shows, checked on Demo Retail's site
  const shown = await page.getByTestId('verification-code').textContent();
  const code = (shown ?? '').replaceAll('-', '');
  expect(code).toHaveLength(16);
  const site = (baseURL as string).replace('//localhost', '//demo-retail.localhost');
  await page.goto(`${site}/erasure-certificate/${code}`);
  await expect(page.getByRole('heading', { level: 1, name: publicFr.validTitle })).toBeVisible(LOADED);
  await expect(page.getByTestId('erasure-certificate-state')).toHaveAttribute('data-state', 'valid');
  // the IMEI masked but its last 4 digits (a product that collects none shows a dash)
  await expect(page.getByTestId('erasure-certificate-imei')).toHaveText(
    imei ? `${'*'.repeat(imei.length - 4)}${imei.slice(-4)}` : '—',
  );
  await expect(page.getByText('Entrepôt Saint-Priest')).toBeVisible();

  // a code typed in the form that no certificate has
  await page.getByTestId('erasure-certificate-code').fill('AAAA-BBBB-CCCC-DDDD');
  await page.getByRole('button', { name: publicFr.check }).click();
  await expect(page).toHaveURL(/\/erasure-certificate\/AAAABBBBCCCCDDDD$/);
  await expect(page.getByRole('heading', { level: 1, name: publicFr.unknownTitle })).toBeVisible(LOADED);
});
