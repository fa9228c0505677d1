import type { APIRequestContext, Page } from '@playwright/test';
import { imeiWithTac, okJson, sessionAs } from './api-calls';
import { axeFindings } from './axe';
import { answerQuestions, expect, test } from './fixtures';

/**
 * The visitor's journey on Demo Retail's public site (`demo-retail.localhost`, in French): search,
 * product page with one question per step and the live price, web circuits, cart, customer
 * information, summary with the terms of service, checkout, confirmation with the documents.
 */

interface Product {
  id: string;
  name: string;
  tacCodes: string[];
  isCollectingIMEI: boolean;
}

const siteUrl = (baseURL: string | undefined) =>
  (baseURL as string).replace('//localhost', '//demo-retail.localhost');

/** Published products of Demo Retail that the web circuits take. */
async function webProducts(api: APIRequestContext, search: string): Promise<Product[]> {
  const page = await okJson<{ member: Product[] }>(
    await api.get('/api/products', {
      params: { search_product_buyback: search, status: 'published', itemsPerPage: 30 },
    }),
  );
  return page.member;
}

async function patchRootDetail(
  baseURL: string,
  patch: (detail: { enabledPremiumFeatures: string[] }) => object,
) {
  const admin = await sessionAs(baseURL, 'root_management_unit_manager@demo.test');
  const me = await okJson<{ accountId: string }>(await admin.get('/api/me'));
  const detail = await okJson<{ id: string; enabledPremiumFeatures: string[] }>(
    await admin.get(`/api/accounts/${me.accountId}/organization-root-detail`),
  );
  await okJson(
    await admin.patch(`/api/organization-root-details/${detail.id}`, {
      data: patch(detail),
      headers: { 'Content-Type': 'application/merge-patch+json' },
    }),
  );
  await admin.dispose();
}

/** The consent banner shows only when the site has a tag manager: refused when it shows. */
async function refuseConsentIfAsked(page: Page) {
  const refuse = page.getByRole('button', { name: 'Tout refuser' });
  if (await refuse.isVisible().catch(() => false)) await refuse.click();
}

/** Home search → the product's page. */
async function openProduct(page: Page, name: string, options: { checkResults?: boolean } = {}) {
  await page
    .getByRole('searchbox', { name: /^Nom, marque ou modèle/ })
    .first()
    .fill(name);
  await page.getByRole('button', { name: 'Rechercher' }).first().click();
  const result = page.getByRole('link', { name, exact: true }).first();
  await expect(result).toBeVisible();
  if (options.checkResults) {
    expect(await axeFindings(page, { seriousOnly: true }), 'search results').toEqual([]);
    await expectNoHorizontalOverflow(page, 'search results');
  }
  await result.click();
  await expect(page.getByRole('heading', { level: 1, name: `Revendre mon ${name}` })).toBeVisible();
}

/** What a browser does when the visitor leaves: true when the page asks to stay (beforeunload). */
const leaveBlocked = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

const stepHeading = (page: Page) => page.locator('form h2.step-title');

/** The page is no wider than the viewport: nothing scrolls sideways on a phone. */
async function expectNoHorizontalOverflow(page: Page, name: string) {
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scrollWidth, `${name}: page width at a ${viewport} px viewport`).toBeLessThanOrEqual(viewport);
}

/** The terms checkbox is on screen with its label beside it, on the same line and wide enough to read. */
async function expectTermsCheckboxReadable(page: Page) {
  const checkbox = page.getByRole('checkbox', { name: /J'ai lu et j'accepte/ });
  await checkbox.scrollIntoViewIfNeeded();
  await expect(checkbox).toBeInViewport({ ratio: 1 });
  const box = await checkbox.boundingBox();
  const label = await page.locator('label.inline-check:has(#terms) > span').boundingBox();
  const viewport = page.viewportSize();
  if (!box || !label || !viewport) throw new Error('the terms checkbox or its label is not rendered');
  expect(box.width, 'checkbox width').toBeLessThanOrEqual(32);
  expect(label.x, 'label beside the checkbox').toBeGreaterThan(box.x + box.width);
  expect(label.y, 'label on the line of the checkbox').toBeLessThan(box.y + box.height);
  expect(label.x + label.width, 'label within the viewport').toBeLessThanOrEqual(viewport.width);
  expect(label.width, 'label wide enough to read').toBeGreaterThan(Math.min(220, viewport.width / 2));
}

/** The live price, shown all along the questions. */
const livePriceShown = (page: Page) => () => expect(page.getByTestId('live-price')).toContainText('€');

async function chooseDeliveryAndAdd(page: Page, transport: RegExp, payment: RegExp) {
  await expect(stepHeading(page)).toHaveText('Transport et paiement');
  await expectNoHorizontalOverflow(page, 'transport and payment step');
  // transport and payment are required
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Choisissez un mode de transport.')).toBeVisible();
  await page.getByRole('radio', { name: transport }).check();
  await page.getByRole('radio', { name: payment }).check();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(stepHeading(page)).toHaveText('Vérifiez vos réponses');
  await expectNoHorizontalOverflow(page, 'review step');
  await page.getByRole('button', { name: 'Ajouter à mon panier' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('Le produit est dans votre panier.')).toBeVisible();
}

let phone: Product;
let console_: Product;

test.use({ locale: 'fr-FR', viewport: { width: 360, height: 800 } });

// leaving a page with a cart asks first (beforeunload): the tests leave on purpose
test.beforeEach(({ page }) => {
  page.on('dialog', (dialog) => void dialog.accept());
});

test.beforeAll(async ({ baseURL }) => {
  // the phones ask their IMEI (imei_search_and_collect), the cart takes several products
  await patchRootDetail(baseURL as string, (detail) => ({
    enabledPremiumFeatures: [
      ...new Set([...detail.enabledPremiumFeatures, 'imei_search_and_collect', 'multi_product_cart']),
    ],
    cartMinValue: 0,
  }));
  const admin = await sessionAs(baseURL as string, 'root_management_unit_manager@demo.test');
  const phones = (await webProducts(admin, 'Galaxy')).filter(
    (p) => p.isCollectingIMEI && p.tacCodes.length > 0,
  );
  expect(phones.length).toBeGreaterThan(0);
  phone = phones[0] as Product;
  const consoles = (await webProducts(admin, 'Switch')).filter((p) => !p.isCollectingIMEI);
  expect(consoles.length).toBeGreaterThan(0);
  console_ = consoles[0] as Product;
  await admin.dispose();
});

test.describe
  .serial("a visitor sells on Demo Retail's site", () => {
    test('two products through the cart: post with bank transfer, store drop with a voucher; documents and label', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const site = siteUrl(baseURL);
      await page.goto(site);
      await refuseConsentIfAsked(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      // the phone: IMEI, questions one per step with the live price, web_post, bank transfer
      await expectNoHorizontalOverflow(page, 'home');
      await openProduct(page, phone.name, { checkResults: true });
      await expectNoHorizontalOverflow(page, 'product page');
      await expect(page.getByText('Étape 1 sur')).toBeVisible();
      await expect(stepHeading(page)).toHaveText("L'IMEI de votre appareil");
      await page.getByRole('button', { name: 'Suivant' }).click();
      await expect(page.getByText('Obligatoire.')).toBeVisible();
      await page
        .getByRole('textbox', { name: 'IMEI' })
        .fill(imeiWithTac(phone.tacCodes[0] as string, '654321'));
      await page.getByRole('button', { name: 'Suivant' }).click();
      await expect(stepHeading(page)).toHaveText(/^Question 1 sur/);
      // a question must be answered to go on
      await page.getByRole('button', { name: 'Suivant' }).click();
      await expect(page.getByText('Choisissez une réponse pour continuer.')).toBeVisible();
      expect(await axeFindings(page, { seriousOnly: true }), 'product page').toEqual([]);
      await answerQuestions(page, stepHeading(page), livePriceShown(page));
      await chooseDeliveryAndAdd(page, /^Envoi par la poste/, /^Virement bancaire/);

      // the cart: axe, a navigation warning while it holds buybacks, another product
      await expect(page.getByTestId('cart-line')).toHaveCount(1);
      await expectNoHorizontalOverflow(page, 'cart');
      await expect(page.getByText("Jusqu'à 200 produits par panier.")).toBeVisible();
      expect(await axeFindings(page, { seriousOnly: true }), 'cart').toEqual([]);
      expect(await leaveBlocked(page), 'navigation warning with a cart').toBe(true);

      await page.getByRole('link', { name: 'Ajouter un autre produit' }).click();
      await openProduct(page, console_.name);
      await answerQuestions(page, stepHeading(page), livePriceShown(page));
      await chooseDeliveryAndAdd(page, /^Déclaration en ligne, dépôt en magasin/, /^Bon d'achat/);
      await expect(page.getByTestId('cart-line')).toHaveCount(2);
      await expect(page.getByTestId('cart-link')).toHaveText('Panier (2 produits)');

      // removing asks first; cancelling keeps the product
      await page.getByRole('button', { name: `Retirer ${console_.name} du panier` }).click();
      const dialog = page.getByRole('dialog', { name: 'Retirer ce produit ?' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      await expect(page.getByTestId('cart-line')).toHaveCount(2);

      // customer information: the IBAN is asked (bank transfer), the rules are the store's
      await page.getByRole('button', { name: 'Continuer' }).click();
      await expect(page).toHaveURL(/\/cart\/customer-infos$/);
      await page.getByRole('button', { name: 'Continuer vers le récapitulatif' }).click();
      const errors = page.getByRole('alert').filter({ hasText: 'à corriger' });
      await expect(errors).toBeVisible();
      await expect(errors.getByRole('link', { name: /^IBAN/ })).toBeVisible();
      await page.getByRole('textbox', { name: /^Prénom/ }).fill('Camille');
      await page.getByRole('textbox', { name: /^Nom/ }).fill('Durand');
      await page.getByRole('textbox', { name: /^E-mail/ }).fill('camille.durand@example.com');
      await page.getByRole('textbox', { name: /^Téléphone/ }).fill('06 12 34 56 78');
      await page.getByRole('textbox', { name: /^Numéro et rue/ }).fill('12 rue de la Paix');
      // the countries are those the site's web circuits serve; the postcode follows the country
      const country = page.getByRole('combobox', { name: /^Pays/ });
      await expect(country).toHaveValue('FR');
      expect(await country.locator('option').allTextContents()).toEqual(['Choisir…', 'Belgique', 'France']);
      await expect(page.getByText('Par exemple 75001.')).toBeVisible();
      await page.getByRole('textbox', { name: /^Code postal/ }).fill('ABCDE');
      await page.getByRole('textbox', { name: /^Code postal/ }).blur();
      await expect(page.locator('#customer-zip-error')).toHaveText(
        "Ce code postal n'a pas le format du pays choisi.",
      );
      await country.selectOption('BE');
      await expect(page.getByText('Par exemple 1000.')).toBeVisible();
      await country.selectOption('FR');
      await page.getByRole('textbox', { name: /^Code postal/ }).fill('75002');
      await page.getByRole('textbox', { name: /^Ville/ }).fill('Paris');
      await page.getByRole('combobox', { name: /^Type de pièce/ }).selectOption('identity_card');
      await page.getByRole('textbox', { name: /^Numéro de la pièce/ }).fill('X4RTBPFW4');
      await page.getByRole('textbox', { name: /^IBAN/ }).fill('FR76 3000 6000 0112 3456 7890 180');
      await page.getByRole('button', { name: 'Continuer vers le récapitulatif' }).click();
      await expect(page.getByText('Saisissez un IBAN valide.').first()).toBeVisible();
      await page.getByRole('textbox', { name: /^IBAN/ }).fill('FR76 3000 6000 0112 3456 7890 189');
      await page.getByRole('checkbox', { name: /Mémoriser mes informations/ }).check();
      await expectNoHorizontalOverflow(page, 'customer information');
      expect(await axeFindings(page, { seriousOnly: true }), 'customer information').toEqual([]);
      await page.getByRole('button', { name: 'Continuer vers le récapitulatif' }).click();

      // summary: the terms of service are required
      await expect(page).toHaveURL(/\/cart\/summary$/);
      await expect(page.getByTestId('summary-line')).toHaveCount(2);
      await expectNoHorizontalOverflow(page, 'summary');
      await expectTermsCheckboxReadable(page);
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectNoHorizontalOverflow(page, 'summary at 1280 px');
      await expectTermsCheckboxReadable(page);
      await page.setViewportSize({ width: 360, height: 800 });
      await expect(page.getByRole('link', { name: /conditions générales de service/ })).toHaveAttribute(
        'href',
        '/cgs',
      );
      await page.getByRole('button', { name: 'Confirmer mes 2 ventes' }).click();
      await expect(page.getByText('Vous devez accepter les conditions générales de service')).toBeVisible();
      await expect(page).toHaveURL(/\/cart\/summary$/);
      await page.getByRole('checkbox', { name: /J'ai lu et j'accepte/ }).check();
      await page.getByRole('button', { name: 'Confirmer mes 2 ventes' }).click();

      // confirmation: numbers, instructions, transfer orders, the post buyback's label
      await expect(page).toHaveURL(/\/buyback-confirmation$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Merci, vos 2 ventes sont enregistrées' }),
      ).toBeVisible();
      const created = page.getByTestId('created-buyback');
      await expect(created).toHaveCount(2);
      await expect(page.getByTestId('identification-number').first()).toHaveText(/^\d{13}$/);
      await expect(page.getByTestId('cart-link')).toHaveText('Panier');
      const transferOrders = page.getByRole('link', { name: 'Télécharger le bon de cession (PDF)' });
      // the post buyback has its transfer order; the store-drop one is pre-declared: done at the counter
      await expect(transferOrders).toHaveCount(1);
      await expect(created.filter({ hasText: console_.name }).getByTestId('predeclared-note')).toContainText(
        'Apportez votre appareil',
      );
      const postBuyback = created.filter({ hasText: phone.name });
      const label = postBuyback.getByRole('link', { name: "Télécharger l'étiquette d'envoi (PDF)" });
      await expect(label).toBeVisible({ timeout: 40_000 });
      // the drop buyback has no label, but its drop slip; no voucher before the device is handed in
      const dropBuyback = created.filter({ hasText: console_.name });
      await expect(dropBuyback.getByTestId('shipping-label')).toHaveCount(0);
      const dropSlip = dropBuyback.getByRole('link', { name: 'Télécharger le bordereau de dépôt (PDF)' });
      await expect(dropSlip).toBeVisible();
      await expect(page.getByTestId('voucher-code')).toHaveCount(0);
      await expect(page.getByRole('link', { name: "Télécharger le bon d'achat (PDF)" })).toHaveCount(0);
      await expectNoHorizontalOverflow(page, 'confirmation');
      expect(await axeFindings(page, { seriousOnly: true }), 'confirmation').toEqual([]);

      for (const href of [
        await transferOrders.first().getAttribute('href'),
        await label.getAttribute('href'),
        await dropSlip.getAttribute('href'),
      ]) {
        // fetched by the page (its visitor session; Node does not resolve *.localhost)
        const pdf = await page.evaluate(async (url) => {
          const response = await fetch(url, { credentials: 'same-origin' });
          const head = new Uint8Array(await response.arrayBuffer()).subarray(0, 5);
          return {
            status: response.status,
            type: response.headers.get('content-type') ?? '',
            head: String.fromCharCode(...head),
          };
        }, href as string);
        expect(pdf, href as string).toEqual({
          status: 200,
          type: expect.stringContaining('application/pdf'),
          head: '%PDF-',
        });
      }

      // the documents page by its ids
      await page.getByRole('link', { name: 'Lien vers mes documents' }).click();
      await expect(page).toHaveURL(/\/buyback-confirmation-docs\?ids=/);
      await expect(page.getByTestId('created-buyback')).toHaveCount(2);
      await expectNoHorizontalOverflow(page, 'documents');

      // the store finalises the drop buyback at its counter: the voucher is issued, the drop slip gone
      const dropId = /\/api\/buybacks\/([0-9a-f-]{36})\//.exec(
        (await dropSlip.getAttribute('href')) ?? '',
      )?.[1];
      const seller = await sessionAs(baseURL as string, 'store_seller@demo.test');
      const me = await okJson<{ currentOrganization: { id: string } }>(await seller.get('/api/me'));
      await okJson(
        await seller.post(`/api/store/${me.currentOrganization.id}/buybacks/${dropId}/finalize`, {
          data: {},
          headers: { 'Idempotency-Key': `e2e-finalize-${dropId}` },
        }),
      );
      await seller.dispose();
      await page.reload();
      const finalised = page.getByTestId('created-buyback').filter({ hasText: console_.name });
      await expect(finalised.getByTestId('voucher-code')).toContainText(/V[A-Z2-9]{11}/);
      await expect(finalised.getByRole('link', { name: "Télécharger le bon d'achat (PDF)" })).toBeVisible();
      await expect(
        finalised.getByRole('link', { name: 'Télécharger le bordereau de dépôt (PDF)' }),
      ).toHaveCount(0);

      // a later cart can load the information saved on this device (never the IBAN)
      await page.goto(site);
      await openProduct(page, console_.name);
      await answerQuestions(page, stepHeading(page), livePriceShown(page));
      await chooseDeliveryAndAdd(page, /^Déclaration en ligne, dépôt en magasin/, /^Bon d'achat/);
      await page.getByRole('button', { name: 'Continuer' }).click();
      await page.getByRole('button', { name: 'Utiliser mes informations mémorisées' }).click();
      await expect(page.getByRole('textbox', { name: /^Prénom/ })).toHaveValue('Camille');
      await expect(page.getByRole('textbox', { name: /^IBAN/ })).toHaveCount(0);

      // removing the last product empties the cart and goes home
      await page.getByTestId('cart-link').click();
      await page.getByRole('button', { name: `Retirer ${console_.name} du panier` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Retirer' }).click();
      await expect(page).toHaveURL(`${site}/`);
      await expect(page.getByTestId('cart-link')).toHaveText('Panier');
      expect(await leaveBlocked(page), 'no warning with an empty cart').toBe(false);
    });

    test('home collection: the summary asks for a pick-up slot, the pick-up is booked on it', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(150_000);
      const site = siteUrl(baseURL);
      await page.goto(site);
      await refuseConsentIfAsked(page);
      await openProduct(page, console_.name);
      await answerQuestions(page, stepHeading(page), livePriceShown(page));
      // the circuit pays by bank transfer only
      await chooseDeliveryAndAdd(page, /^Collecte à domicile/, /^Virement bancaire/);
      await page.getByRole('button', { name: 'Continuer' }).click();
      await expect(page).toHaveURL(/\/cart\/customer-infos$/);
      await page.getByRole('textbox', { name: /^Prénom/ }).fill('Lucie');
      await page.getByRole('textbox', { name: /^Nom/ }).fill('Collecte');
      await page.getByRole('textbox', { name: /^E-mail/ }).fill('lucie.collecte@example.com');
      await page.getByRole('textbox', { name: /^Téléphone/ }).fill('06 98 76 54 32');
      await page.getByRole('textbox', { name: /^Numéro et rue/ }).fill('8 avenue des Enlèvements');
      await page.getByRole('textbox', { name: /^Code postal/ }).fill('69003');
      await page.getByRole('textbox', { name: /^Ville/ }).fill('Lyon');
      await page.getByRole('combobox', { name: /^Type de pièce/ }).selectOption('identity_card');
      await page.getByRole('textbox', { name: /^Numéro de la pièce/ }).fill('LC7788990');
      await page.getByRole('textbox', { name: /^IBAN/ }).fill('FR76 3000 6000 0112 3456 7890 189');
      await page.getByRole('button', { name: 'Continuer vers le récapitulatif' }).click();

      // the slots are the carrier's at the customer's address; one must be chosen
      await expect(page).toHaveURL(/\/cart\/summary$/);
      const slot = page.getByRole('combobox', { name: 'Créneau d’enlèvement à domicile' });
      await expect(slot).toBeVisible();
      const options = slot.locator('option');
      await expect.poll(() => options.count()).toBeGreaterThan(1);
      await expect(options.first()).toHaveText('Choisissez un créneau');
      await page.getByRole('checkbox', { name: /J'ai lu et j'accepte/ }).check();
      await page.getByRole('button', { name: 'Confirmer ma vente' }).click();
      await expect(page.locator('#pickup-slot-error')).toHaveText(
        'Choisissez le créneau où le transporteur viendra chercher votre colis.',
      );
      await expect(slot).toBeFocused();
      await expect(page).toHaveURL(/\/cart\/summary$/);
      const chosen = (await options.nth(1).getAttribute('value')) as string;
      await slot.selectOption(chosen);
      await expect(page.locator('#pickup-slot-error')).toHaveCount(0);
      await expectNoHorizontalOverflow(page, 'summary with a pick-up slot');
      expect(await axeFindings(page, { seriousOnly: true }), 'summary with a pick-up slot').toEqual([]);
      await page.getByRole('button', { name: 'Confirmer ma vente' }).click();

      // the buyback's pick-up is booked with the carrier on that slot
      await expect(page).toHaveURL(/\/buyback-confirmation$/);
      await expect(page.getByTestId('created-buyback')).toHaveCount(1);
      const docs = await page.getByRole('link', { name: 'Lien vers mes documents' }).getAttribute('href');
      const id = /ids=([0-9a-f-]{36})/.exec(decodeURIComponent(docs ?? ''))?.[1];
      expect(id, docs ?? 'no documents link').toBeDefined();
      const admin = await sessionAs(baseURL as string, 'root_management_unit_manager@demo.test');
      try {
        await expect
          .poll(
            async () => {
              const transport = await okJson<{
                pickups: { status: string; slot: { start: string } }[];
              }>(await admin.get(`/api/buybacks/${id}/transport`));
              return transport.pickups.map((p) => ({ status: p.status, start: Date.parse(p.slot.start) }));
            },
            { timeout: 40_000 },
          )
          .toEqual([{ status: 'booked', start: Date.parse(chosen) }]);
      } finally {
        await admin.dispose();
      }
    });

    test('below the minimum cart value the visitor sees what is missing and cannot continue', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await patchRootDetail(baseURL as string, () => ({ cartMinValue: 100000 }));
      try {
        const site = siteUrl(baseURL);
        await page.goto(site);
        await refuseConsentIfAsked(page);
        await openProduct(page, console_.name);
        await answerQuestions(page, stepHeading(page), livePriceShown(page));
        await chooseDeliveryAndAdd(page, /^Déclaration en ligne, dépôt en magasin/, /^Bon d'achat/);
        await expect(page.getByTestId('cart-minimum')).toContainText(
          'La valeur minimale du panier est de 100 000,00',
        );
        await expect(page.getByTestId('cart-minimum')).toContainText('ajoutez encore');
        await expect(page.getByRole('button', { name: 'Continuer' })).toBeDisabled();
        // the address of the next step leads back to the cart
        await page.goto(`${site}/cart/customer-infos`);
        await expect(page).toHaveURL(/\/cart$/);
      } finally {
        await patchRootDetail(baseURL as string, () => ({ cartMinValue: 0 }));
      }
    });

    test('a lost visitor session is replaced at start-up', async ({ page, context, baseURL }) => {
      const site = siteUrl(baseURL);
      const features = (status: number) =>
        page.waitForResponse(
          (r) => r.url().endsWith('/api/white-label/premium-features') && r.status() === status,
        );
      const visitorId = () =>
        page.evaluate(
          () => JSON.parse(localStorage.getItem('reprise.public.visitor') ?? 'null')?.id as string,
        );
      const first = features(200);
      await page.goto(site);
      await first;
      const before = await visitorId();
      expect(before).toMatch(/^[0-9a-f-]{36}$/);
      // the same visitor on the next visit
      const again = features(200);
      await page.reload();
      await again;
      expect(await visitorId()).toBe(before);
      // the session cookie is gone: 401, the visitor is dropped and a new one made
      await context.clearCookies();
      const refused = features(401);
      const accepted = features(200);
      await page.reload();
      await refused;
      await accepted;
      const after = await visitorId();
      expect(after).toMatch(/^[0-9a-f-]{36}$/);
      expect(after).not.toBe(before);
    });

    test('estimate error for an unknown product; categories and unknown paths', async ({ page, baseURL }) => {
      const site = siteUrl(baseURL);
      await page.goto(`${site}/product/00000000-0000-4000-8000-00000000beef/unknown`);
      await expect(page).toHaveURL(/\/estimate-error\?code=product_not_found$/);
      await expect(page.getByTestId('estimate-error')).toHaveText(
        "Ce produit n'existe pas ou n'est plus proposé.",
      );
      await page.goto(`${site}/search`);
      await page.getByRole('link', { name: 'Parcourir par catégorie' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Catégories' })).toBeVisible();
      await page.getByRole('listitem').filter({ hasText: 'produit' }).first().getByRole('link').click();
      await expect(page).toHaveURL(/\/category\/[0-9a-f-]{36}\/[a-z0-9-]+$/);
      await expect(page.getByRole('heading', { level: 2, name: 'Produits' })).toBeVisible();
      const categoryUrl = page.url();

      // category navigation turned off: the category pages are not found, the search offers none
      await patchRootDetail(baseURL as string, () => ({ categoryNavigationEnabled: false }));
      try {
        for (const url of [`${site}/categories`, categoryUrl]) {
          await page.goto(url);
          await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
        }
        await page.goto(`${site}/search`);
        await expect(page.getByRole('heading', { level: 1, name: 'Recherche' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Parcourir par catégorie' })).toHaveCount(0);
      } finally {
        await patchRootDetail(baseURL as string, () => ({ categoryNavigationEnabled: true }));
      }

      await page.goto(`${site}/create`);
      await expect(page).toHaveURL(/\/search$/);
      await page.goto(`${site}/no/such/page`);
      await expect(page).toHaveURL(`${site}/`);
    });
  });
