import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { imeiWithTac, okJson, sessionAs } from './api-calls';
import { axeFindings } from './axe';
import { answerQuestions, expect, login, test } from './fixtures';

// Demo Retail speaks French: the screens are in French.

interface Product {
  id: string;
  name: string;
  eanCode: string | null;
  tacCodes: string[];
  isCollectingIMEI: boolean;
}

/** Published products of Demo Retail that the store circuits take, by what the wizard needs to know. */
async function storeProducts(api: APIRequestContext, search: string): Promise<Product[]> {
  const page = await okJson<{ member: Product[] }>(
    await api.get('/api/products', {
      params: { search_product_buyback: search, status: 'published', itemsPerPage: 30 },
    }),
  );
  const usable: Product[] = [];
  for (const product of page.member) {
    const methods = await api.get(`/api/products/${product.id}/shipping-methods`, {
      params: { channel: 'store', country: 'FR' },
    });
    if (methods.ok() && ((await methods.json()) as { member: unknown[] }).member.length > 0)
      usable.push(product);
  }
  return usable;
}

/** Transport and payment, then the review, then into the cart. */
async function chooseDeliveryAndAdd(page: Page, transport: RegExp, payment: RegExp) {
  await expect(page.locator('form h2')).toHaveText('Transport et paiement');
  await page.getByRole('radio', { name: transport }).check();
  await page.getByRole('radio', { name: payment }).check();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.locator('form h2')).toHaveText('Récapitulatif');
  await expect(page.getByTestId('review-price')).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page).toHaveURL(/\/cart\/customer-infos$/);
}

/** Picks an option of a Mantine select. */
async function choose(page: Page, field: string | RegExp, option: string | RegExp) {
  await page.getByRole('textbox', { name: field }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function fillCustomer(page: Page, lastName: string) {
  await page.getByRole('textbox', { name: /^Prénom/ }).fill('Camille');
  await page.getByRole('textbox', { name: /^Nom/ }).fill(lastName);
  await page.getByRole('textbox', { name: /^E-mail/ }).fill('camille.durand@example.com');
  await page.getByRole('textbox', { name: /^Téléphone/ }).fill('06 12 34 56 78');
  await page.getByRole('textbox', { name: /^Rue/ }).fill('12 rue de la Paix');
  await page.getByRole('textbox', { name: /^Code postal/ }).fill('75002');
  await page.getByRole('textbox', { name: /^Ville/ }).fill('Paris');
  await choose(page, /^Type de pièce/, "Carte d'identité");
  await page.getByRole('textbox', { name: /^Numéro/ }).fill('X4RTBPFW4');
}

let phone: Product;
let others: Product[];

/** Sets Demo Retail's minimum cart value (whole euros) through its root details. */
async function setCartMinValue(baseURL: string, euros: number): Promise<void> {
  const admin = await sessionAs(baseURL, 'root_management_unit_manager@demo.test');
  const me = await okJson<{ accountId: string }>(await admin.get('/api/me'));
  const detail = await okJson<{ id: string }>(
    await admin.get(`/api/accounts/${me.accountId}/organization-root-detail`),
  );
  await okJson(
    await admin.patch(`/api/organization-root-details/${detail.id}`, {
      data: { cartMinValue: euros },
      headers: { 'Content-Type': 'application/merge-patch+json' },
    }),
  );
  await admin.dispose();
}

test.beforeAll(async ({ baseURL }) => {
  const admin = await sessionAs(baseURL!, 'root_management_unit_manager@demo.test');
  // The find-by-IMEI way and the IMEI step come with the imei_search_and_collect premium feature.
  const me = await okJson<{ accountId: string }>(await admin.get('/api/me'));
  const detail = await okJson<{ id: string; enabledPremiumFeatures: string[] }>(
    await admin.get(`/api/accounts/${me.accountId}/organization-root-detail`),
  );
  const features = [
    ...new Set([...detail.enabledPremiumFeatures, 'imei_search_and_collect', 'multi_product_cart']),
  ];
  await okJson(
    await admin.patch(`/api/organization-root-details/${detail.id}`, {
      data: { enabledPremiumFeatures: features },
      headers: { 'Content-Type': 'application/merge-patch+json' },
    }),
  );
  const phones = (await storeProducts(admin, 'Galaxy')).filter(
    (p) => p.isCollectingIMEI && p.tacCodes.length > 0,
  );
  expect(phones.length).toBeGreaterThan(0);
  phone = phones[0]!;
  others = (await storeProducts(admin, 'Switch')).filter((p) => !p.isCollectingIMEI);
  expect(others.length).toBeGreaterThan(1);
  await admin.dispose();
});

test.describe('store buyback', () => {
  test('a store seller buys back a phone found by its IMEI, paid by bank transfer, and gets the transfer order', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const imei = imeiWithTac(phone.tacCodes[0]!, '123456');
    await login(page, 'store_seller@demo.test');

    await page.getByRole('link', { name: 'Nouvelle reprise' }).first().click();
    await expect(page).toHaveURL(/\/buyback\/create/);
    await page.getByRole('tab', { name: 'IMEI' }).click();
    await page.getByRole('textbox', { name: /^IMEI de l'appareil/ }).fill(imei);
    await page.getByRole('textbox', { name: /^IMEI de l'appareil/ }).press('Enter');

    // One product has this TAC: straight to its wizard, the IMEI carried over.
    await expect(page).toHaveURL(new RegExp(`/diag/${phone.id}/`));
    await expect(page.getByTestId('wizard-product')).toHaveText(phone.name);
    await expect(page.getByTestId('imei-input')).toHaveValue(imei);
    await page.getByRole('button', { name: 'Suivant' }).click();

    const before = await page.getByTestId('live-price').textContent();
    await answerQuestions(page, page.locator('form h2'));
    expect(await page.getByTestId('live-price').textContent()).toBeTruthy();
    expect(before).toBeTruthy();
    await chooseDeliveryAndAdd(page, /Dépôt en magasin/, /Virement bancaire/);

    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await fillCustomer(page, 'Durand');
    // The bank transfer needs the IBAN, checked before going on.
    await page.getByTestId('iban-input').fill('FR76 3000 6000 0112 3456 7890 188');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByTestId('iban-input')).toHaveAttribute('aria-invalid', 'true');
    await page.getByTestId('iban-input').fill('FR76 3000 6000 0112 3456 7890 189');
    await page.getByRole('button', { name: 'Continuer' }).click();

    await expect(page).toHaveURL(/\/cart\/summary$/);
    await expect(page.getByTestId('summary-buyback')).toHaveCount(1);
    await page.getByRole('button', { name: 'Valider la reprise' }).click();

    await expect(page).toHaveURL(/\/cart\/[0-9a-f-]{36}\/checkout$/);
    await expect(page.getByRole('heading', { name: 'La reprise est enregistrée' })).toBeVisible();
    const number = (await page.getByTestId('identification-number').textContent())?.trim() ?? '';
    expect(number).toMatch(/^\d{13}$/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-transfer-order').click(),
    ]);
    expect(download.suggestedFilename()).toContain(number);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const { text } = await parser.getText();
    await parser.destroy();
    expect(text).toContain(number);
    expect(text).toContain('Durand');

    // The cart is emptied once the buybacks exist.
    await page.goto('/home');
    await page.getByTestId('cart-panel').click();
    await expect(page.getByText('Le panier est vide.')).toBeVisible();
  });

  test('a seller puts two products in the cart (multi-product cart) and checks them out together', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const [first, second] = others as [Product, Product];
    await login(page, 'store_seller@demo.test');

    for (const product of [first, second]) {
      await page.goto('/buyback/create');
      await page.getByRole('searchbox', { name: /^Nom, marque ou modèle/ }).fill(product.name);
      await page.getByRole('button', { name: `Reprendre ${product.name}`, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/diag/${product.id}/`));
      await answerQuestions(page, page.locator('form h2'));
      await chooseDeliveryAndAdd(page, /Dépôt en magasin/, /Bon d'achat/);
    }
    await expect(page.getByTestId('cart-line')).toHaveCount(2);

    // Removing asks first; keeping changes nothing.
    await page.getByRole('button', { name: `Retirer ${first.name} du panier`, exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Retirer cette reprise ?' })).toBeVisible();
    await page.getByRole('button', { name: 'Garder' }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(2);

    // The top bar's cart panel is not on the wizard screens; the cart itself is kept in the browser.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('reprise.cart') ?? 'null'));
    expect(stored.buybacks).toHaveLength(2);
    expect(stored.expiresAt - stored.createdAt).toBe(24 * 60 * 60 * 1000);

    await fillCustomer(page, 'Martin');
    await expect(page.getByTestId('iban-input')).toHaveCount(0);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByTestId('summary-buyback')).toHaveCount(2);
    await page.getByRole('button', { name: 'Valider les 2 reprises' }).click();

    await expect(page.getByRole('heading', { name: 'Les 2 reprises sont enregistrées' })).toBeVisible();
    await expect(page.getByTestId('created-buyback')).toHaveCount(2);
    await expect(page.getByTestId('download-voucher')).toHaveCount(2);
    // A reload shows the confirmation again, and does not create anything twice.
    await page.reload();
    await expect(page.getByTestId('created-buyback')).toHaveCount(2);
  });

  test('removing the last buyback empties the cart and goes home', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const product = others[0]!;
    await login(page, 'store_seller@demo.test', '/buyback/create');
    await page.getByRole('searchbox', { name: /^Nom, marque ou modèle/ }).fill(product.name);
    await page.getByRole('button', { name: `Reprendre ${product.name}`, exact: true }).click();
    await answerQuestions(page, page.locator('form h2'));
    await chooseDeliveryAndAdd(page, /Dépôt en magasin/, /Bon d'achat/);

    // Below the account's minimum cart value the missing amount shows and the seller cannot go on.
    await setCartMinValue(baseURL!, 5000);
    try {
      await page.reload();
      await expect(page.getByTestId('cart-minimum')).toContainText('5 000,00');
      await expect(page.getByTestId('cart-minimum')).toContainText('il manque');
      await expect(page.getByRole('button', { name: 'Continuer' })).toBeDisabled();
    } finally {
      await setCartMinValue(baseURL!, 0);
    }
    await page.reload();
    await expect(page.getByTestId('cart-minimum')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continuer' })).toBeEnabled();

    await page.getByRole('button', { name: `Retirer ${product.name} du panier`, exact: true }).click();
    await expect(page.getByText('est la dernière reprise : le panier sera vidé.')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Retirer' }).click();
    await expect(page).toHaveURL(/\/home$/);
    expect(await page.evaluate(() => localStorage.getItem('reprise.cart'))).toBeNull();
  });

  test('a store manager finds a buyback in the list, edits it, and cancels it, forcing it when the payment cannot be cancelled', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    // a demo buyback paid at once by instant transfer (its customer, Hugo Virement, is the only one
    // of that name: no spec names its own customers so): its payment is on its way
    const manager = await sessionAs(baseURL!, 'store_manager@demo.test');
    const found = await okJson<{
      member: { id: string; identificationNumber: string; paymentStatus: string }[];
    }>(await manager.get('/api/buybacks', { params: { customerName: 'Virement' } }));
    await manager.dispose();
    const buyback = found.member[0]!;
    expect(buyback.paymentStatus).toBe('payment_initiated');

    await login(page, 'store_manager@demo.test', '/buybacks');
    await page.getByRole('searchbox', { name: 'N° de reprise' }).fill(buyback.identificationNumber);
    await page.getByRole('searchbox', { name: 'N° de reprise' }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`code=${buyback.identificationNumber}`));
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('link', { name: buyback.identificationNumber }).click();

    await expect(page).toHaveURL(new RegExp(`/buyback/${buyback.id}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `Reprise ${buyback.identificationNumber}` }),
    ).toBeVisible();
    // the edition: its own reference and the customer's city changed; the payment on its way
    // keeps its mode; the list then finds it by the reference
    const reference = `E2E-${Date.now()}`;
    await page.getByRole('link', { name: 'Modifier', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/buyback/${buyback.id}/edition`));
    await page.getByRole('textbox', { name: 'Code externe' }).fill(reference);
    await page.getByRole('textbox', { name: 'Ville' }).fill('Villeurbanne');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByTestId('edition-saved')).toContainText('bon de cession');
    expect(await axeFindings(page, { seriousOnly: true }), '/buyback/:id/edition').toEqual([]);
    await page.getByRole('tab', { name: 'Mode de paiement' }).click();
    await expect(page).toHaveURL(/itemWorkflowStep=paymentMode/);
    await expect(page.getByTestId('edition-refused')).toContainText('paiement est déjà en cours');
    await page.goto('/buybacks');
    await page.getByRole('searchbox', { name: 'Code externe' }).fill(reference);
    await page.getByRole('searchbox', { name: 'Code externe' }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`externalCode=${reference}`));
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('link', { name: buyback.identificationNumber }).click();
    await expect(page.getByText(reference)).toBeVisible();
    await expect(page.getByText(/Villeurbanne/)).toBeVisible();

    await page.getByRole('tab', { name: 'Résultats du diagnostic' }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await page.getByRole('tab', { name: 'Informations' }).click();

    await page.getByRole('button', { name: 'Annuler la reprise' }).click();
    const dialog = page.getByRole('dialog', { name: 'Annuler la reprise' });
    // The reason and the acknowledgement are required.
    await dialog.getByRole('button', { name: 'Annuler définitivement' }).click();
    await expect(dialog.getByText('Ce champ est obligatoire').first()).toBeVisible();
    await dialog.getByRole('radio', { name: 'Rétractation du client' }).check();
    await dialog.getByRole('textbox', { name: 'Commentaire' }).fill('Le client a changé d’avis.');
    await dialog.getByRole('checkbox', { name: /irréversible/ }).check();
    // The payment can no longer be cancelled: the seller is told and may force the cancellation.
    const sent: { reason: string; force: boolean }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/api/buybacks/${buyback.id}/cancel`))
        sent.push(request.postDataJSON() as { reason: string; force: boolean });
    });
    await dialog.getByRole('button', { name: 'Annuler définitivement' }).click();
    await expect(dialog.getByTestId('payment-not-cancellable')).toBeVisible();
    await dialog.getByRole('button', { name: "Forcer l'annulation" }).click();

    await expect(dialog).toBeHidden();
    expect(sent.map((body) => [body.reason, body.force])).toEqual([
      ['customer_retraction', false],
      ['customer_retraction', true],
    ]);
    await expect(page.getByTestId('buyback-status').first()).toHaveText('Annulée');
    await expect(page.getByText('Rétractation du client')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Annuler la reprise' })).toHaveCount(0);
  });

  test('a barcode typed, or scanned by a keyboard-wedge scanner anywhere on the page, opens the product', async ({
    page,
  }) => {
    const product = others.find((p) => p.eanCode)!;
    await login(page, 'store_seller@demo.test', '/buyback/create?by=barcode');
    // Typed into the field, then Enter.
    await page.getByTestId('ean-input').fill(product.eanCode!);
    await page.getByTestId('ean-input').press('Enter');
    await expect(page).toHaveURL(new RegExp(`/diag/${product.id}/`));

    // A scanner types the code in a few milliseconds and ends with Enter, the focus on the tabs.
    await page.goto('/buyback/create?by=barcode');
    await page.getByRole('tab', { name: 'Code-barres' }).focus();
    await page.keyboard.type(product.eanCode!, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/diag/${product.id}/`));
  });

  test('a seller browses the categories down to a product', async ({ page }) => {
    await login(page, 'store_seller@demo.test', '/buyback/create');
    await page.getByRole('tab', { name: 'Catégorie' }).click();
    await page.getByRole('button', { name: 'Consoles de jeux' }).click();
    await expect(page).toHaveURL(/by=category&category=/);
    await page.getByRole('button', { name: 'Nintendo' }).click();
    await expect(page.getByTestId('product-choice').first()).toBeVisible();
    // The way back up is the breadcrumb.
    await expect(page.getByRole('navigation', { name: 'Catégorie parcourue' })).toContainText(
      'Consoles de jeux',
    );
    await page.getByTestId('product-choice').first().getByRole('button').click();
    await expect(page).toHaveURL(/\/diag\/[0-9a-f-]{36}\//);
  });

  test('the wizard fits a 360 px screen without sideways scrolling', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 740 });
    const product = others[0]!;
    const fits = async (where: string) =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(360);
    await login(page, 'store_seller@demo.test', '/buyback/create');
    await page.getByRole('searchbox', { name: /^Nom, marque ou modèle/ }).fill(product.name);
    await expect(page.getByTestId('product-choice').first()).toBeVisible();
    await fits('finder');
    await page.getByRole('button', { name: `Reprendre ${product.name}`, exact: true }).click();
    await expect(page.locator('form h2')).toHaveText(/^Question 1/);
    await fits('question');
    await answerQuestions(page, page.locator('form h2'));
    await fits('transport');
    await chooseDeliveryAndAdd(page, /Dépôt en magasin/, /Bon d'achat/);
    await fits('cart and customer');
    await page.getByRole('button', { name: `Retirer ${product.name} du panier`, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Retirer' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a product that cannot be estimated leads to its own error message', async ({ page }) => {
    await login(page, 'store_seller@demo.test', '/diag/00000000-0000-4000-8000-00000000beef/unknown');
    await expect(page).toHaveURL(/\/estimate-error\?code=product_not_found$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Produit introuvable' })).toBeVisible();
    await expect(page.getByTestId('estimate-error-message')).toHaveText(
      "Ce produit n'existe pas, n'existe plus ou n'est pas publié.",
    );
    await page.getByRole('link', { name: 'Chercher un autre produit' }).click();
    await expect(page).toHaveURL(/\/buyback\/create$/);
  });

  test('the wizard and the buyback list pass the automated accessibility checks', async ({ page }) => {
    test.setTimeout(150_000);
    await login(page, 'store_seller@demo.test', '/buyback/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle reprise' })).toBeVisible();
    expect(await axeFindings(page, { seriousOnly: true }), '/buyback/create').toEqual([]);

    const product = others[0]!;
    await page.getByRole('searchbox', { name: /^Nom, marque ou modèle/ }).fill(product.name);
    await expect(page.getByTestId('product-choice').first()).toBeVisible();
    expect(await axeFindings(page, { seriousOnly: true }), 'search results').toEqual([]);

    await page.getByRole('button', { name: `Reprendre ${product.name}`, exact: true }).click();
    await expect(page.locator('form h2')).toHaveText(/^Question 1/);
    expect(await axeFindings(page, { seriousOnly: true }), 'question step').toEqual([]);
    await answerQuestions(page, page.locator('form h2'));
    expect(await axeFindings(page, { seriousOnly: true }), 'transport step').toEqual([]);

    await page.goto('/buybacks');
    await expect(page.getByRole('heading', { level: 1, name: 'Reprises' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await axeFindings(page, { seriousOnly: true }), '/buybacks').toEqual([]);
  });
});
