import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { call, STORE_PARIS, signIn, storeBuybackRequest, storeDropIphone } from './api-calls';
import { expect, linkIn, login, readLatestMail, test, translations, useLanguage } from './fixtures';

/**
 * The reception journey (issue 12), against the real server. Two
 * Paris store buybacks are made; in the browser the store seller marks both sent from their detail,
 * the warehouse operator of Saint-Priest checks both in on /warehouse/checkin by typing each code
 * as a scanner would, then scans each on /warehouse/check and runs the control wizard: one at the
 * declared state (completed by price),
 * one with micro-scratches on the screen and a proof photo (a counter-offer). The customer opens
 * the accept link of the mail on Demo Retail's public site and accepts; the buyback's history shows
 * each step. In a second test the customer declines: the item is to be returned.
 */

useLanguage('fr-FR');

const control = translations('warehouseControl');
const checkin = translations('warehouseCheckin');
const buybacks = translations('buybacks');
const publicFr = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../apps/web/src/public/locales/fr-FR.json'), 'utf8'),
).litigation;
const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text);

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface Question {
  id: string;
  title: string;
  type: 'unique' | 'multiple';
  answers: { id: string; title: string }[];
}

interface Arrived {
  id: string;
  identificationNumber: string;
  totalCents: number;
  item: { id: string; identificationNumber: string };
  email: string;
  questions: Question[];
}

/**
 * A Paris store-drop iPhone buyback made by the retailer's administrator, sent by the store and
 * checked in at Saint-Priest (item registered in the warehouse), all through the API.
 */
async function arrivedBuyback(
  request: APIRequestContext,
  lastName: string,
  { arrive = true } = {},
): Promise<Arrived> {
  const rmu = await signIn(request, 'root_management_unit_manager@demo.test');
  const email = `${lastName.toLowerCase()}.${Date.now()}@example.test`;
  const offer = await storeDropIphone<Question>(request, rmu, (questions) =>
    questions.some((question) => question.title === "État de l'écran"),
  );
  if (!offer) throw new Error('no iPhone with a store drop and a payment without IBAN');
  const created = await call<Omit<Arrived, 'email' | 'questions'>>(
    request,
    rmu,
    'POST',
    `/api/store/${STORE_PARIS}/buybacks`,
    storeBuybackRequest(offer, {
      firstName: 'Camille',
      lastName,
      email,
      phone: '06 12 34 56 78',
      street: '3 Rue du Contrôle',
      zip: '75011',
      city: 'Paris',
      country: 'FR',
      identification: {
        type: 'identity_card',
        number: 'CL12345',
        deliveryDate: '2020-05-04',
        issuingAuthority: 'Préfecture de Paris',
      },
    }),
  );
  if (arrive) {
    const seller = await signIn(request, 'store_seller@demo.test');
    const operator = await signIn(request, 'warehouse_operator@demo.test');
    await call(request, seller, 'POST', `/api/buybacks/${created.id}/send`);
    await call(request, operator, 'POST', '/api/warehouse/checkin', {
      code: created.item.identificationNumber,
    });
  }
  return { ...created, email, questions: offer.questionnaire.questions };
}

/** Scans a code into the focused field of /warehouse/check, as a keyboard-wedge scanner does. */
async function scan(page: Page, code: string) {
  await expect(page.getByTestId('control-code')).toBeFocused(LOADED);
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** Answers every question of the diagnostic step: the declared answer, or `pick` for the screen. */
async function answerQuestions(page: Page, questions: Question[], screenAnswer = 0) {
  for (const [index, question] of questions.entries()) {
    await expect(
      page.getByText(
        fill(control.diagnostic.counter, { number: String(index + 1), count: String(questions.length) }),
      ),
    ).toBeVisible();
    const answer = question.answers[question.title === "État de l'écran" ? screenAnswer : 0];
    await page.getByLabel(answer?.title as string, { exact: true }).check();
    await page
      .getByRole('button', {
        name: index + 1 < questions.length ? control.wizard.next : control.diagnostic.toSummary,
      })
      .click();
  }
}

/** A page's first screen may wait for its chunk on a busy machine. */
const LOADED = { timeout: 30_000 };

/** The History tab of the buyback detail, its rows once loaded. */
async function openHistory(page: Page, buybackId: string) {
  await page.goto(`/buyback/${buybackId}`);
  await page.getByRole('tab', { name: buybacks.itemHistory.tab }).click(LOADED);
  const rows = page.getByTestId('item-event');
  await expect(rows.first()).toBeVisible();
  return rows;
}

test.describe.configure({ mode: 'serial' });

let byPrice: Arrived;
let disputed: Arrived;
let declined: Arrived;

test.beforeAll(async ({ request }) => {
  // these two are sent and checked in in the browser
  byPrice = await arrivedBuyback(request, 'Prix', { arrive: false });
  disputed = await arrivedBuyback(request, 'Litige', { arrive: false });
  declined = await arrivedBuyback(request, 'Refus');
});

test('the operator controls one item at its declared state and one lower with a photo; the customer accepts the counter-offer', async ({
  page,
}) => {
  test.setTimeout(300_000);
  // the store seller marks both sent from their detail
  await login(page, 'store_seller@demo.test');
  for (const buyback of [byPrice, disputed]) {
    await page.goto(`/buyback/${buyback.id}`);
    await page.getByRole('button', { name: checkin.send.button }).click(LOADED);
    await expect(page.getByTestId('buyback-status').first()).toHaveText(buybacks.status.bb_in_transit);
  }
  await page.context().clearCookies();

  // the warehouse operator checks both in, typing each code as a keyboard-wedge scanner does
  await login(page, 'warehouse_operator@demo.test', '/warehouse/checkin');
  const checkinField = page.getByTestId('checkin-code');
  await expect(checkinField).toBeFocused(LOADED);
  for (const buyback of [byPrice, disputed]) {
    await page.keyboard.type(buyback.item.identificationNumber, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(
      page
        .getByTestId('checkin-list')
        .getByRole('row')
        .filter({ hasText: buyback.item.identificationNumber }),
    ).toContainText(checkin.stock.awaiting_control);
    await expect(checkinField).toBeFocused();
  }

  await page.goto('/warehouse/check');

  // a code of the wrong length is said, and selected for the next scan
  await scan(page, '12345');
  await expect(page.getByText(translations('errors').code_length_invalid)).toBeVisible();
  await page.keyboard.type(byPrice.item.identificationNumber, { delay: 5 });
  await page.keyboard.press('Enter');

  // specification: what was declared
  await expect(page).toHaveURL(new RegExp(`/warehouse/check/${byPrice.item.id}$`));
  await expect(page.getByText(control.specification.declaredDiagnosis)).toBeVisible(LOADED);
  await expect(page.getByRole('link', { name: byPrice.identificationNumber })).toBeVisible();
  await page.getByRole('button', { name: control.specification.start }).click();

  // diagnostic: the declared answers; summary: completed by price
  await answerQuestions(page, byPrice.questions);
  const outcome = page.getByTestId('control-outcome');
  await expect(outcome).toHaveAttribute('data-outcome', 'by_price');
  await expect(outcome).toContainText(control.summary.outcome.by_price);
  await page.getByTestId('control-comment').fill('Conforme à la déclaration');
  await page.getByRole('button', { name: control.summary.complete }).click();
  await expect(page.getByTestId('control-confirmation')).toContainText(control.confirmation.byPrice);

  // the next item: back to the search, the field ready for the scan
  await page.getByRole('link', { name: control.confirmation.next }).click();
  await expect(page).toHaveURL(/\/warehouse\/check$/);
  await scan(page, disputed.item.identificationNumber);
  await page.getByRole('button', { name: control.specification.start }).click();
  await answerQuestions(page, disputed.questions, 1);
  await expect(page.getByTestId('control-outcome')).toHaveAttribute('data-outcome', 'counter_offer');
  // a counter-offer needs its reason and a photo
  await page.getByRole('button', { name: control.summary.sendCounterOffer }).click();
  await expect(page.getByText(control.summary.reasonRequired)).toBeVisible();
  await page.getByTestId('counter-offer-reason').fill('Micro-rayures visibles sur l’écran');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'ecran.png', mimeType: 'image/png', buffer: PNG });
  await expect(
    page.getByRole('img', { name: fill(control.summary.photoAlt, { number: '1' }) }),
  ).toBeVisible();
  await expect(page.getByText(translations('errors').photo_required)).toHaveCount(0);
  const since = Date.now();
  await page.getByRole('button', { name: control.summary.sendCounterOffer }).click();
  await expect(page.getByTestId('control-confirmation')).toContainText(control.confirmation.counterOffer);
  await expect(page.getByTestId('litigation-status')).toHaveText(control.litigation.status.open);

  // the customer's mail: the accept link on Demo Retail's public site
  const mail = await readLatestMail(disputed.email, { since: since - 1000 });
  expect(mail.text).toContain('Micro-rayures visibles sur l’écran');
  const accept = linkIn(
    mail,
    /http:\/\/demo-retail\.localhost:\d+\/buyback\/[0-9a-f-]+\/accept\?token=[A-Za-z0-9_-]+/,
  );
  expect(accept).toContain(`/buyback/${disputed.id}/accept`);
  const customer = await page.context().newPage();
  await customer.goto(accept);
  await expect(customer.getByRole('heading', { level: 1, name: publicFr.title })).toBeVisible(LOADED);
  await expect(customer.getByText('Micro-rayures visibles sur l’écran')).toBeVisible();
  await expect(customer.getByRole('img', { name: fill(publicFr.photoAlt, { number: '1' }) })).toBeVisible();
  // the link's choice is preselected
  await expect(customer.getByRole('radio', { name: new RegExp(publicFr.accept) })).toBeChecked();
  await customer.getByRole('button', { name: publicFr.continue }).click();
  await expect(customer.getByTestId('litigation-confirm')).toBeVisible();
  await customer.getByRole('button', { name: publicFr.confirmAcceptButton }).click();
  await expect(customer.getByRole('heading', { level: 1, name: publicFr.acceptedTitle })).toBeVisible();
  await expect(customer.getByText(/5 jours ouvrés/)).toBeVisible();
  // the same link again: already answered
  await customer.goto(accept);
  await expect(customer.getByText(publicFr.alreadyAccepted)).toBeVisible();
  await customer.close();

  // the buyback: completed with negotiation, its counter-offer accepted, each step in its history
  await page.goto(`/buyback/${disputed.id}`);
  await expect(page.getByTestId('litigation-status')).toBeVisible(LOADED);
  await expect(page.getByTestId('buyback-status').first()).toHaveText(
    buybacks.status.bb_completed_with_negociation,
  );
  await expect(page.getByTestId('litigation-status')).toHaveText(control.litigation.status.accepted);
  const rows = await openHistory(page, disputed.id);
  // the IMEI is checked against the stolen-device register at the buyback's creation and at check-in
  await expect(rows).toHaveCount(7);
  const clean = buybacks.itemEventReason.device_check_clean as string;
  await expect(rows.nth(0)).toContainText(clean);
  await expect(rows.nth(1)).toContainText(buybacks.itemEventReason.sent);
  await expect(rows.nth(2)).toContainText(buybacks.itemEventReason.checkin);
  await expect(rows.nth(3)).toContainText(clean);
  await expect(rows.nth(4)).toContainText(buybacks.itemEventReason.control_started);
  await expect(rows.nth(5)).toContainText(buybacks.itemEventReason.counter_offer);
  const accepted = rows.nth(6);
  await expect(accepted).toContainText(buybacks.itemEventReason.litigation_accepted);
  await expect(accepted).toContainText(buybacks.itemHistory.customer);
  await expect(accepted).toContainText(buybacks.itemStatus.item_completed_with_negociation);

  const priced = await openHistory(page, byPrice.id);
  await expect(priced.last()).toContainText(buybacks.itemEventReason.control);
  await expect(priced.last()).toContainText('Conforme à la déclaration');
});

test('the customer declines the counter-offer: the product is to be returned', async ({ page, request }) => {
  test.setTimeout(150_000);
  // the control through the API this time: screen micro-scratches, a proof photo, a counter-offer
  const operator = await signIn(request, 'warehouse_operator@demo.test');
  await call(request, operator, 'POST', '/api/warehouse/control/start', {
    code: declined.item.identificationNumber,
  });
  const photo = await request.post(`/api/warehouse/control/${declined.item.id}/photos`, {
    headers: operator,
    multipart: { file: { name: 'ecran.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(photo.status()).toBe(201);
  const since = Date.now();
  const done = await call<{ outcome: string }>(
    request,
    operator,
    'POST',
    `/api/warehouse/control/${declined.item.id}/complete`,
    {
      answers: declined.questions.map((question) => ({
        questionId: question.id,
        answerIds: [question.answers[question.title === "État de l'écran" ? 1 : 0]?.id],
      })),
      counterOffer: { reason: 'Écran rayé', photoKeys: [(await photo.json()).key] },
    },
  );
  expect(done.outcome).toBe('counter_offer');

  const mail = await readLatestMail(declined.email, { since: since - 1000 });
  const reject = linkIn(
    mail,
    /http:\/\/demo-retail\.localhost:\d+\/buyback\/[0-9a-f-]+\/reject\?token=[A-Za-z0-9_-]+/,
  );
  await page.goto(reject);
  await expect(page.getByRole('heading', { level: 1, name: publicFr.title })).toBeVisible(LOADED);
  await expect(page.getByRole('radio', { name: new RegExp(publicFr.reject) })).toBeChecked();
  await page.getByRole('button', { name: publicFr.continue }).click();
  await expect(page.getByTestId('litigation-confirm')).toHaveText(publicFr.confirmReject);
  await page.getByRole('button', { name: publicFr.confirmRejectButton }).click();
  await expect(page.getByRole('heading', { level: 1, name: publicFr.rejectedTitle })).toBeVisible();
  await expect(page.getByText(publicFr.rejectedText)).toBeVisible();
  // a link that does not hold the token is invalid
  await page.goto(reject.replace(/token=[^&]+/, 'token=not-the-token'));
  await expect(page.getByRole('heading', { level: 1, name: publicFr.invalidTitle })).toBeVisible();

  // the back office: the item is to be returned, the counter-offer declined
  await login(page, 'warehouse_operator@demo.test', `/buyback/${declined.id}`);
  await expect(page.getByText(buybacks.itemStatus.item_to_return).first()).toBeVisible(LOADED);
  await expect(page.getByTestId('litigation-status')).toHaveText(control.litigation.status.rejected);
  const rows = await openHistory(page, declined.id);
  await expect(rows.last()).toContainText(buybacks.itemEventReason.litigation_rejected);
  await expect(rows.last()).toContainText(buybacks.itemHistory.customer);
  await expect(rows.last()).toContainText(buybacks.nativeStock.customer_return);
});
