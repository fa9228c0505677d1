import type { Browser, Page } from '@playwright/test';
import { axeFindings } from './axe';
import { expect, login, test } from './fixtures';

/**
 * Pre-declared web buybacks (issue 5): a visitor of Demo Retail's public
 * site declares a product for a store drop through the API (as the public app does), and the
 * store seller finds it at `/buybacks-predeclared` by its 13-digit code and finalises it.
 */

const siteUrl = (baseURL: string | undefined) =>
  (baseURL as string).replace('//localhost', '//demo-retail.localhost');

test.use({ locale: 'fr-FR' });

interface Declared {
  id: string;
  identificationNumber: string;
  productName: string;
}

/** A visitor's web_drop buyback, made with the visitor API in a browser on the site's host. */
async function declareAsVisitor(browser: Browser, baseURL: string | undefined): Promise<Declared> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // any same-origin page of the site will do: the requests below carry the visitor's cookie
  await page.goto(`${siteUrl(baseURL)}/api/white-label/config`);
  const declared = await page.evaluate(async () => {
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(url, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(method === 'POST' ? { 'idempotency-key': crypto.randomUUID() } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
      return JSON.parse(text);
    };
    const visitor = await call('POST', '/api/white-label/visitor');
    if (visitor.userType !== 'pseudo_anonymous') throw new Error('not a visitor');
    const results = await call('GET', '/api/white-label/search?q=iPhone');
    for (const product of results.member as { id: string; name: string }[]) {
      const methods = await call(
        'GET',
        `/api/products/${product.id}/shipping-methods?channel=web&country=FR`,
      );
      const drop = methods.member.find((m: { type: string }) => m.type === 'web_drop');
      const payment = drop?.paymentMethods.find((p: { iban: boolean }) => !p.iban);
      if (!drop || !payment) continue;
      const q = await call('GET', `/api/products/${product.id}/buyback-questionnaire`);
      // phones collect their IMEI: one with the product's TAC and a valid Luhn digit (written here:
      // this function runs in the page, where the helpers of api-calls.ts do not exist)
      const imeiOf = (tac: string) => {
        const body = `${tac}000000`.slice(0, 14);
        const sum = [...body].reduce((acc, c, i) => {
          const d = Number(c) * (i % 2 ? 2 : 1);
          return acc + (d > 9 ? d - 9 : d);
        }, 0);
        return `${body}${(10 - (sum % 10)) % 10}`;
      };
      const imei = q.product.isCollectingIMEI ? imeiOf(q.product.tacCodes[0] ?? '35345678') : null;
      const cart = await call('POST', '/api/carts', {
        channel: 'web',
        termsAccepted: true,
        buybacks: [
          {
            inCartId: 'line-1',
            productId: product.id,
            answers: q.questions.map((question: { id: string; answers: { id: string }[] }) => ({
              questionId: question.id,
              answerIds: [question.answers[0]?.id],
            })),
            shippingMethodId: drop.id,
            paymentModeId: payment.id,
            imei,
          },
        ],
        customer: {
          firstName: 'Noémie',
          lastName: 'Dąbrowska',
          email: 'noemie@example.test',
          phone: '06 12 34 56 78',
          street: '4 Rue des Lilas',
          zip: '75020',
          city: 'Paris',
          country: 'FR',
          identification: {
            type: 'identity_card',
            number: 'CD67890',
            deliveryDate: '2021-03-02',
            issuingAuthority: 'Préfecture de Paris',
          },
        },
      });
      const buyback = cart.buybacks[0];
      return {
        id: buyback.id,
        identificationNumber: buyback.identificationNumber,
        productName: product.name,
      };
    }
    throw new Error('no product of the site takes a web drop');
  });
  await context.close();
  return declared;
}

async function findCode(page: Page, code: string) {
  const input = page.getByTestId('predeclared-code');
  await input.fill(code);
  // a keyboard-wedge scanner ends its code with Enter
  await input.press('Enter');
}

test.describe('pre-declared buybacks at the counter', () => {
  test('a visitor’s web buyback is found by its code and finalised by the store seller', async ({
    page,
    browser,
    baseURL,
  }) => {
    // a visitor's wizard, then the counter's: over 30 s on the loaded clean-clone run
    test.setTimeout(90_000);
    const declared = await declareAsVisitor(browser, baseURL);
    expect(declared.identificationNumber).toMatch(/^\d{13}$/);

    await login(page, 'store_seller@demo.test');
    await page.getByRole('link', { name: 'Reprises pré-déclarées' }).first().click();
    await expect(page).toHaveURL(/\/buybacks-predeclared$/);

    // not 13 digits: not recognised, without asking the server
    await findCode(page, '12345');
    await expect(page.getByText('Code non reconnu : un n° de reprise compte 13 chiffres.')).toBeVisible();
    // 13 digits that name no pre-declared buyback
    await findCode(page, '0000000000000');
    await expect(page.getByRole('alert')).toHaveText('Dossier pré-créé non reconnu ou non éligible.');

    await findCode(page, declared.identificationNumber);
    const card = page.getByRole('region', { name: 'Déclaration trouvée' });
    await expect(card).toContainText(declared.productName);
    await expect(card).toContainText('Noémie Dąbrowska');
    await expect(card).toContainText(declared.identificationNumber);
    await expect(page.getByTestId('predeclared-price')).toContainText('€');
    await expect(page.getByTestId('predeclared-outdated')).toHaveCount(0);
    expect(await axeFindings(page, { seriousOnly: true })).toEqual([]);

    await page.getByRole('button', { name: 'Finaliser au comptoir' }).click();
    await expect(page.getByRole('status')).toContainText('Reprise finalisée');

    // finalised: no longer pre-declared, the store's buyback
    const detail = await page.request.get(`/api/buybacks/${declared.id}`);
    expect((await detail.json()).predeclared).toBe(false);
    await page.getByRole('button', { name: 'Rechercher un autre code' }).click();
    await findCode(page, declared.identificationNumber);
    await expect(page.getByRole('alert')).toHaveText('Dossier pré-créé non reconnu ou non éligible.');
  });

  test('a manager above the stores chooses the store receiving the product', async ({
    page,
    browser,
    baseURL,
  }) => {
    const declared = await declareAsVisitor(browser, baseURL);
    await login(page, 'root_management_unit_manager@demo.test', '/buybacks-predeclared');
    await findCode(page, declared.identificationNumber);
    await page.getByRole('button', { name: 'Finaliser au comptoir' }).click();
    await expect(page.getByText('Choisissez le magasin.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Magasin qui reçoit le produit' }).click();
    const option = page.getByRole('option').first();
    const store = (await option.textContent())?.trim() as string;
    await option.click();
    await page.getByRole('button', { name: 'Finaliser au comptoir' }).click();
    await expect(page.getByRole('status')).toContainText(store);
    const detail = await (await page.request.get(`/api/buybacks/${declared.id}`)).json();
    expect(detail.store.commonName).toBe(store);
  });

  test('a declaration older than 15 days warns that prices may have changed; 360 px wide', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await login(page, 'store_seller@demo.test');
    // the demo holds one declared 20 days ago (Zoë Müller)
    const list = await page.request.get('/api/buybacks', {
      params: { predeclared: 'true', customerName: 'Müller', itemsPerPage: 10 },
    });
    const old = (await list.json()).member[0] as { identificationNumber: string };
    await page.goto('/buybacks-predeclared');
    await findCode(page, old.identificationNumber);
    await expect(page.getByTestId('predeclared-outdated')).toContainText(
      'Cette déclaration date de plus de 15 jours : les prix ont pu changer depuis.',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
