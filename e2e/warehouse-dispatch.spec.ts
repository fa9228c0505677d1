import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { okJson, sessionAs } from './api-calls';
import { expect, login, pickOption, test, useLanguage } from './fixtures';

/**
 * Warehouse dispatch rules: Demo Buyer's manager writes them in
 * the browser; a store seller's new buyback of the rule's brand then goes to the rule's warehouse,
 * which the buyback's detail shows with the rule's title. Nintendo products are the rule's: no
 * other spec creates buybacks of that brand. The account speaks French.
 */

useLanguage('fr-FR');

const STORE_PARIS = '00000000-0000-4000-8000-000000000204';
const ROUBAIX = '00000000-0000-4000-8000-000000000303';
const SAINT_PRIEST = '00000000-0000-4000-8000-000000000302';

interface ShippingMethod {
  id: string;
  type: string;
  paymentMethods: { id: string; iban: boolean }[];
}

/** A store buyback at Paris of a published Nintendo product (store drop: its circuit names Saint-Priest). */
async function sellNintendo(seller: APIRequestContext) {
  const hits = await okJson<{ member: { id: string; brand: string | null }[] }>(
    await seller.get('/api/search/products', { params: { q: 'Nintendo' } }),
  );
  for (const product of hits.member.filter((p) => p.brand === 'Nintendo')) {
    const methods = await seller.get(`/api/products/${product.id}/shipping-methods`, {
      params: { channel: 'store', country: 'FR' },
    });
    if (!methods.ok()) continue;
    const drop = ((await methods.json()) as { member: ShippingMethod[] }).member.find(
      (m) => m.type === 'store_drop',
    );
    const payment = drop?.paymentMethods.find((p) => !p.iban);
    if (!drop || !payment) continue;
    const questionnaire = await okJson<{
      product: { isCollectingIMEI: boolean };
      questions: { id: string; answers: { id: string }[] }[];
    }>(await seller.get(`/api/products/${product.id}/buyback-questionnaire`));
    if (questionnaire.product.isCollectingIMEI) continue;
    const created = await seller.post(`/api/store/${STORE_PARIS}/buybacks`, {
      headers: { 'Idempotency-Key': randomUUID() },
      data: {
        productId: product.id,
        answers: questionnaire.questions.map((q) => ({ questionId: q.id, answerIds: [q.answers[0]?.id] })),
        shippingMethodId: drop.id,
        paymentModeId: payment.id,
        customer: {
          firstName: 'Noémie',
          lastName: 'Dispatch',
          email: 'noemie.dispatch@example.test',
          phone: '06 12 34 56 78',
          street: '12 Rue de Rivoli',
          zip: '75004',
          city: 'Paris',
          country: 'FR',
          identification: {
            type: 'identity_card',
            number: 'AB12345',
            deliveryDate: '2020-05-04',
            issuingAuthority: 'Préfecture de Paris',
          },
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    return (await created.json()) as {
      id: string;
      destinationWarehouse: { id: string } | null;
      warehouseDispatchRule: { id: string; title: string } | null;
    };
  }
  throw new Error('no published Nintendo product the Paris store drop circuit takes');
}

/** Picks an option of a Mantine select or multi-select by its field's label. */
async function choose(page: Page, field: string | RegExp, option: string | RegExp) {
  await pickOption(
    page.getByRole('textbox', { name: field }).first(),
    page.getByRole('option', { name: option }).first(),
  );
  await page.keyboard.press('Escape');
}

const rows = (page: Page) => page.locator('tbody tr');
const rowOf = (page: Page, title: string) => rows(page).filter({ hasText: title });

test('a buyer manager writes a rule, a store buyback of its brand goes to its warehouse; the rules are edited, ordered and deleted', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString().slice(-6);
  const nintendo = `Nintendo vers Roubaix ${suffix}`;
  const garmin = `Garmin vers Saint-Priest ${suffix}`;
  const buyer = await sessionAs(baseURL as string, 'buyer_manager@demo.test');
  const seller = await sessionAs(baseURL as string, 'store_seller@demo.test');

  await login(page, 'buyer_manager@demo.test', '/warehouse-dispatch');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Règles de dispatch des entrepôts' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Nouvelle règle' }).click();
  await expect(page).toHaveURL(/\/warehouse-dispatch-rule\/new$/);

  // refused before sending: a title, a value and a destination are needed
  await page.getByRole('button', { name: 'Créer la règle' }).click();
  await expect(page.getByText('Choisissez au moins une valeur.').first()).toBeVisible();
  await expect(page.getByText('Choisissez au moins un entrepôt de destination.').first()).toBeVisible();

  await page.getByRole('textbox', { name: /^Titre/ }).fill(nintendo);
  await expect(page.getByRole('textbox', { name: /^Critère de la condition 1/ })).toHaveValue('Marque');
  await expect(page.getByRole('textbox', { name: /^Opérateur de la condition 1/ })).toHaveValue('est');
  const brands = page.getByRole('textbox', { name: /^Valeurs de la condition 1/ });
  await brands.fill('Nintendo');
  await brands.press('Enter');
  await choose(page, /^Entrepôts de destination/, 'Atelier Roubaix');
  // one destination: it is the default
  await expect(page.getByRole('textbox', { name: /^Entrepôt par défaut/ })).toHaveValue('Atelier Roubaix');
  await page.getByRole('button', { name: 'Créer la règle' }).click();

  await expect(page).toHaveURL(/\/warehouse-dispatch(\?|$)/);
  await expect(page.getByText('La règle a été créée.', { exact: false })).toBeVisible();
  const created = rowOf(page, nintendo);
  await expect(created).toContainText('Marque est Nintendo');
  await expect(created).toContainText('Atelier Roubaix');
  await expect(created).toContainText('Bruno Garnier');

  // a second rule, written through the API: Garmin goes to Saint-Priest
  const second = await buyer.post('/api/warehouse-dispatch-rules', {
    data: {
      title: garmin,
      conditions: [{ attribute: 'brand', operator: 'is', values: ['Garmin'] }],
      warehouseIds: [SAINT_PRIEST],
      defaultWarehouseId: SAINT_PRIEST,
    },
  });
  expect(second.status(), await second.text()).toBe(201);

  // a store seller's Nintendo buyback goes to Roubaix, by the rule
  const buyback = await sellNintendo(seller);
  expect(buyback.destinationWarehouse?.id).toBe(ROUBAIX);
  expect(buyback.warehouseDispatchRule?.title).toBe(nintendo);
  await page.goto(`/buyback/${buyback.id}`);
  const general = page.getByRole('region', { name: 'Reprise' });
  // the detail screen loads its namespaces and its buyback: slow on a busy machine
  await expect(general).toBeVisible({ timeout: 30_000 });
  await expect(general.getByRole('row', { name: /^Entrepôt/ }).first()).toContainText('Atelier Roubaix');
  await expect(general.getByRole('row', { name: /Règle de dispatch des entrepôts/ })).toContainText(nintendo);

  // edit: the Nintendo rule also takes Bose
  await page.goto('/warehouse-dispatch');
  await rowOf(page, nintendo)
    .getByRole('link', { name: `Modifier ${nintendo}` })
    .click();
  await expect(page).toHaveURL(/\/warehouse-dispatch-rule\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('textbox', { name: /^Titre/ })).toHaveValue(nintendo);
  const edited = `${nintendo} et Bose`;
  await page.getByRole('textbox', { name: /^Titre/ }).fill(edited);
  const values = page.getByRole('textbox', { name: /^Valeurs de la condition 1/ });
  await values.fill('Bose');
  await values.press('Enter');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/warehouse-dispatch(\?|$)/);
  await expect(page.getByText('La règle a été enregistrée.')).toBeVisible();
  await expect(rowOf(page, edited)).toContainText('Marque est Nintendo ou Bose');

  // order: the Nintendo rule goes below the Garmin rule, saved
  const titles = () => rows(page).locator('td:nth-child(2)').allTextContents();
  expect((await titles()).indexOf(edited)).toBeLessThan((await titles()).indexOf(garmin));
  const ordered = page.waitForResponse(
    (r) => r.url().endsWith('/api/warehouse-dispatch-rules/order') && r.request().method() === 'PUT',
  );
  await rowOf(page, edited)
    .getByRole('button', { name: `Descendre ${edited}` })
    .click();
  expect((await ordered).status()).toBe(200);
  await expect
    .poll(async () => (await titles()).indexOf(edited) - (await titles()).indexOf(garmin))
    .toBeGreaterThan(0);
  await page.reload();
  await expect(rowOf(page, garmin)).toBeVisible();
  expect((await titles()).indexOf(edited)).toBeGreaterThan((await titles()).indexOf(garmin));

  // delete both, after confirmation
  for (const title of [edited, garmin]) {
    await rowOf(page, title)
      .getByRole('button', { name: `Supprimer ${title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer la règle' });
    await expect(dialog).toContainText(title);
    await dialog.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await expect(rowOf(page, title)).toHaveCount(0);
  }

  // the buyback keeps the warehouse the rule chose
  const after = await okJson<{ destinationWarehouse: { id: string } }>(
    await seller.get(`/api/buybacks/${buyback.id}`),
  );
  expect(after.destinationWarehouse.id).toBe(ROUBAIX);
  await buyer.dispose();
  await seller.dispose();
});

test('a warehouse manager reads the rules of its account without changing them', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const title = `Bose hors grade E ${Date.now().toString().slice(-6)}`;
  const buyer = await sessionAs(baseURL as string, 'buyer_manager@demo.test');
  const created = await buyer.post('/api/warehouse-dispatch-rules', {
    data: {
      title,
      conditions: [
        { attribute: 'brand', operator: 'is', values: ['Bose'] },
        { attribute: 'productState', operator: 'is_not', values: ['grade_e'] },
      ],
      warehouseIds: [SAINT_PRIEST, ROUBAIX],
      defaultWarehouseId: SAINT_PRIEST,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  try {
    await login(page, 'warehouse_manager@demo.test', '/warehouse-dispatch');
    const row = rowOf(page, title);
    await expect(row).toContainText('Marque est Bose');
    await expect(row).toContainText("État déclaré n'est pas Grade E");
    await expect(page.getByRole('link', { name: 'Nouvelle règle' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Supprimer ${title}` })).toHaveCount(0);
    await row.getByRole('link', { name: `Voir ${title}` }).click();
    await expect(page.getByText('Vous pouvez consulter cette règle mais pas la modifier.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Titre/ })).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
  } finally {
    await buyer.delete(`/api/warehouse-dispatch-rules/${id}`);
    await buyer.dispose();
  }
});
