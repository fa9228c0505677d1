import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { call, STORE_PARIS, type StoreDropOffer, signIn, storeBuybackRequest } from './api-calls';
import { answerQuestions, DEMO_PASSWORD, expect, login, test } from './fixtures';

/**
 * Issue 14's transport acceptance: a visitor of Demo Retail's site completes a web_post buyback;
 * the confirmation shows the shipping label pending (the sandbox carrier makes it a few seconds
 * later), then ready; the carrier's console then moves the parcel (its events reach the
 * platform's signed webhook) and the back office detail shows it in transit, then delivered, and
 * the item at the warehouse once checked in.
 */

/** The demo shipper's sandbox API key (apps/server/src/seed/demo-transport.ts, DEMO_TRANSPORT.apiKey). */
const DEMO_CARRIER_KEY = 'sbx_demo_retail_sandbox_key';
const LOADED = { timeout: 30_000 };

const siteUrl = (baseURL: string | undefined) =>
  (baseURL as string).replace('//localhost', '//demo-retail.localhost');

async function apiAs(
  baseURL: string,
  email: string,
): Promise<{ api: APIRequestContext; authorization: string }> {
  const api = await playwrightRequest.newContext({ baseURL });
  const response = await api.post('/api/login', {
    data: { email, password: DEMO_PASSWORD, tokenRequested: true },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return { api, authorization: `Bearer ${(await response.json()).apiToken}` };
}

test.use({ locale: 'fr-FR' });

test.beforeEach(({ page }) => {
  page.on('dialog', (dialog) => void dialog.accept());
});

test('a web post buyback gets its label after the 425s, tracking events move it to the warehouse', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // a product of the web circuits that asks no IMEI
  const rmu = await apiAs(baseURL as string, 'root_management_unit_manager@demo.test');
  const products = await rmu.api.get('/api/products', {
    params: { search_product_buyback: 'Switch', status: 'published', itemsPerPage: 30 },
    headers: { authorization: rmu.authorization },
  });
  const product = ((await products.json()).member as { name: string; isCollectingIMEI: boolean }[]).find(
    (p) => !p.isCollectingIMEI,
  );
  expect(product).toBeDefined();
  const name = (product as { name: string }).name;

  // the visitor's journey: search, questions, post with a bank transfer, customer, terms
  await page.goto(siteUrl(baseURL));
  const refuse = page.getByRole('button', { name: 'Tout refuser' });
  if (await refuse.isVisible().catch(() => false)) await refuse.click();
  await page
    .getByRole('searchbox', { name: /^Nom, marque ou modèle/ })
    .first()
    .fill(name);
  await page.getByRole('button', { name: 'Rechercher' }).first().click();
  await page.getByRole('link', { name, exact: true }).first().click(LOADED);
  await expect(page.getByRole('heading', { level: 1, name: `Revendre mon ${name}` })).toBeVisible(LOADED);
  await answerQuestions(page, page.locator('form h2.step-title'));
  await page.getByRole('radio', { name: /^Envoi par la poste/ }).check();
  await page.getByRole('radio', { name: /^Virement bancaire/ }).check();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.getByRole('button', { name: 'Ajouter à mon panier' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByRole('textbox', { name: /^Prénom/ }).fill('Camille');
  await page.getByRole('textbox', { name: /^Nom/ }).fill('Transport');
  await page.getByRole('textbox', { name: /^E-mail/ }).fill('camille.transport@example.com');
  await page.getByRole('textbox', { name: /^Téléphone/ }).fill('06 12 34 56 78');
  await page.getByRole('textbox', { name: /^Numéro et rue/ }).fill('12 rue de la Paix');
  await page.getByRole('textbox', { name: /^Code postal/ }).fill('75002');
  await page.getByRole('textbox', { name: /^Ville/ }).fill('Paris');
  await page.getByRole('combobox', { name: /^Type de pièce/ }).selectOption('identity_card');
  await page.getByRole('textbox', { name: /^Numéro de la pièce/ }).fill('X4RTBPFW4');
  await page.getByRole('textbox', { name: /^IBAN/ }).fill('FR76 3000 6000 0112 3456 7890 189');
  await page.getByRole('button', { name: 'Continuer vers le récapitulatif' }).click();
  await expect(page).toHaveURL(/\/cart\/summary$/);
  await page.getByRole('checkbox', { name: /J'ai lu et j'accepte/ }).check();
  await page.getByRole('button', { name: /^Confirmer ma vente/ }).click();

  // the confirmation: the carrier's label is pending (425), then ready
  await expect(page).toHaveURL(/\/buyback-confirmation$/, LOADED);
  const label = page.getByTestId('shipping-label');
  await expect(label).toHaveAttribute('data-state', 'checking');
  await expect(label.getByRole('status')).toHaveText("Votre étiquette d'envoi est en préparation…");
  const download = label.getByRole('link', { name: "Télécharger l'étiquette d'envoi (PDF)" });
  await expect(download).toBeVisible({ timeout: 40_000 });
  await expect(label).toHaveAttribute('data-state', 'ready');
  const href = (await download.getAttribute('href')) as string;
  const buybackId = /\/api\/buybacks\/([0-9a-f-]{36})\//.exec(href)?.[1] as string;
  const pdf = await page.evaluate(async (url) => {
    const response = await fetch(url, { credentials: 'same-origin' });
    const head = new Uint8Array(await response.arrayBuffer()).subarray(0, 5);
    return { status: response.status, head: String.fromCharCode(...head) };
  }, href);
  expect(pdf).toEqual({ status: 200, head: '%PDF-' });

  // the carrier's console moves the parcel: its events reach the platform's webhook, signed
  const transport = await rmu.api.get(`/api/buybacks/${buybackId}/transport`, {
    headers: { authorization: rmu.authorization },
  });
  const trackingNumber = (await transport.json()).trackingNumber as string;
  expect(trackingNumber).toMatch(/^SB\d{9}FR$/);
  const carrier = { authorization: `Bearer ${DEMO_CARRIER_KEY}` };
  const shipment = await rmu.api.get(`/api/sandbox-carrier/shipments/by-tracking-number/${trackingNumber}`, {
    headers: carrier,
  });
  expect(shipment.ok(), await shipment.text()).toBe(true);
  const carrierShipmentId = (await shipment.json()).id as string;
  const move = async (code: string) => {
    const res = await rmu.api.post(`/api/sandbox-carrier/shipments/${carrierShipmentId}/events`, {
      headers: carrier,
      data: { code },
    });
    expect(res.status(), await res.text()).toBe(201);
  };

  // the back office's detail: in transit
  await move('delivery_init');
  await login(page, 'root_management_unit_manager@demo.test', `/buyback/${buybackId}`);
  const section = page.getByTestId('transport-section');
  await expect(section.getByTestId('tracking-number')).toHaveText(trackingNumber, LOADED);
  await expect(section.getByText('Transporteur de test')).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('delivery-status')).toHaveText('Pris en charge', { timeout: 15_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByText('En transit').first()).toBeVisible();
  await expect(section.getByRole('button', { name: 'Fiche de suivi' })).toBeVisible();

  // delivered: Demo Buyer's check-in is mandatory, the item waits for the operator's scan
  await move('delivered');
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('delivery-status')).toHaveText('Livré', { timeout: 15_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByTestId('delivery-events-shipping').getByRole('listitem')).toHaveCount(2);

  // the warehouse checks it in: the item is at the warehouse
  const detail = await (
    await rmu.api.get(`/api/buybacks/${buybackId}`, { headers: { authorization: rmu.authorization } })
  ).json();
  const warehouse = await apiAs(baseURL as string, 'warehouse_manager@demo.test');
  const checkin = await warehouse.api.post('/api/warehouse/checkin', {
    headers: { authorization: warehouse.authorization, 'X-Module': 'rps' },
    data: { code: detail.item.identificationNumber },
  });
  expect(checkin.ok(), await checkin.text()).toBe(true);
  await page.reload();
  await expect(page.getByText('Enregistré en entrepôt').first()).toBeVisible(LOADED);
  await warehouse.api.dispose();
  await rmu.api.dispose();
});

test('a store collect buyback: the seller books its pick-up on a carrier slot, sees the order events, cancels it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // an iPhone of the store_collect circuit, paid without an IBAN, created through the API
  const seller = await signIn(request, 'store_seller@demo.test');
  const rmu = await signIn(request, 'root_management_unit_manager@demo.test');
  const products = await call<{ member: { id: string }[] }>(
    request,
    rmu,
    'GET',
    '/api/products?status=published&itemsPerPage=10&search_product_buyback=iPhone',
  );
  let body: Record<string, unknown> | null = null;
  for (const product of products.member) {
    const methods = await call<{
      member: { id: string; type: string; paymentMethods: { id: string; iban: boolean }[] }[];
    }>(request, rmu, 'GET', `/api/products/${product.id}/shipping-methods?channel=store&country=FR`);
    const collect = methods.member.find((m) => m.type === 'store_collect');
    const payment = collect?.paymentMethods.find((p) => !p.iban);
    if (!collect || !payment) continue;
    body = storeBuybackRequest(
      {
        productId: product.id,
        shippingMethodId: collect.id,
        paymentModeId: payment.id,
        questionnaire: await call<StoreDropOffer<{ id: string; answers: { id: string }[] }>['questionnaire']>(
          request,
          rmu,
          'GET',
          `/api/products/${product.id}/buyback-questionnaire`,
        ),
      },
      {
        firstName: 'Paule',
        lastName: 'Enlèvement',
        email: 'paule.enlevement@example.test',
        phone: '06 12 34 56 78',
        street: '3 rue des Collectes',
        zip: '75011',
        city: 'Paris',
        country: 'FR',
        identification: {
          type: 'identity_card',
          number: 'PE12345',
          deliveryDate: '2020-05-04',
          issuingAuthority: 'Préfecture de Paris',
        },
      },
    );
    break;
  }
  expect(body).not.toBeNull();
  const created = await call<{ id: string }>(
    request,
    seller,
    'POST',
    `/api/store/${STORE_PARIS}/buybacks`,
    body,
  );

  await login(page, 'store_seller@demo.test', `/buyback/${created.id}`);
  const pickup = page.getByTestId('pickup');
  await expect(pickup.getByText('Aucun enlèvement réservé.')).toBeVisible(LOADED);
  await pickup.getByTestId('pickup-slot').click();
  await page.getByRole('option').first().click();
  await pickup.getByRole('button', { name: 'Réserver l’enlèvement' }).click();
  // booked by a job at the sandbox carrier: the order created and quoted
  await expect(pickup.getByTestId('pickup-status')).toHaveText('Réservé', LOADED);
  await expect(pickup.getByTestId('pickup-events').getByRole('listitem')).toHaveText([
    /Commande créée/,
    /Commande chiffrée/,
  ]);
  await pickup.getByRole('button', { name: 'Annuler l’enlèvement' }).click();
  await expect(pickup.getByTestId('pickup-status').first()).toHaveText('Annulé');
  await expect(pickup.getByTestId('pickup-events').getByRole('listitem').last()).toHaveText(
    /Commande annulée/,
    LOADED,
  );
  // booked again is offered
  await expect(pickup.getByRole('button', { name: 'Réserver l’enlèvement' })).toBeVisible();
});
