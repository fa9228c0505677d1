import type { Page } from '@playwright/test';
import { STORE_PARIS } from './api-calls';
import { axeFindings } from './axe';
import { expect, login, test } from './fixtures';
import { newStoreBuyback } from './payment-calls';
import { apiAs } from './store-buybacks';
import { controlAtDeclaredAnswers } from './warehouse-calls';

/**
 * The customer's tracking page (docs/tracking.md): a visitor of Demo Retail's site checks out a
 * web drop through the visitor API (as the public app does), opens the confirmation's tracking link
 * on a 360 px phone, and follows its buyback there while the store, the warehouse and the payment
 * move it (through the API, as their screens do): dropped, received, controlled, paid.
 */

const siteUrl = (baseURL: string | undefined) =>
  (baseURL as string).replace('//localhost', '//demo-retail.localhost');

test.use({ locale: 'fr-FR' });

interface Declared {
  id: string;
  identificationNumber: string;
  itemId: string;
  itemIdentificationNumber: string;
}

/** A web_drop buyback with a payment without IBAN, checked out by the page's visitor. */
function checkout(page: Page): Promise<Declared> {
  return page.evaluate(async () => {
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
    // what the public app keeps of its visitor (public/visitor.ts), so that it goes on with this one
    localStorage.setItem(
      'reprise.public.visitor',
      JSON.stringify({ id: visitor.id, accountId: visitor.accountId }),
    );
    const results = await call('GET', '/api/white-label/search?q=iPhone');
    for (const product of results.member as { id: string }[]) {
      const methods = await call(
        'GET',
        `/api/products/${product.id}/shipping-methods?channel=web&country=FR`,
      );
      const drop = methods.member.find((m: { type: string }) => m.type === 'web_drop');
      const payment = drop?.paymentMethods.find((p: { iban: boolean }) => !p.iban);
      if (!drop || !payment) continue;
      const q = await call('GET', `/api/products/${product.id}/buyback-questionnaire`);
      const imeiOf = (tac: string) => {
        const body = `${tac}000000`.slice(0, 14);
        const sum = [...body].reduce((acc, c, i) => {
          const d = Number(c) * (i % 2 ? 2 : 1);
          return acc + (d > 9 ? d - 9 : d);
        }, 0);
        return `${body}${(10 - (sum % 10)) % 10}`;
      };
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
            imei: q.product.isCollectingIMEI ? imeiOf(q.product.tacCodes[0] ?? '35345678') : null,
          },
        ],
        customer: {
          firstName: 'Ines',
          lastName: 'Suivi',
          email: `suivi-${crypto.randomUUID().slice(0, 8)}@example.test`,
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
      // what the checkout page keeps for the confirmation (public/journey/checkout.ts)
      sessionStorage.setItem('reprise.public.confirmation', JSON.stringify([buyback.id]));
      return {
        id: buyback.id,
        identificationNumber: buyback.identificationNumber,
        itemId: buyback.item.id,
        itemIdentificationNumber: buyback.item.identificationNumber,
      };
    }
    throw new Error('no product of the site takes a web drop without IBAN');
  });
}

const step = (page: Page, name: string) =>
  page.getByTestId('tracking-timeline').locator(`li[data-step="${name}"]`);

test('a customer follows a web buyback from checkout to payment on the tracking page, 360 px wide', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const site = siteUrl(baseURL);
  await page.goto(`${site}/api/white-label/config`);
  const declared = await checkout(page);

  // the confirmation page offers the tracking link
  await page.goto(`${site}/buyback-confirmation`);
  const link = page.getByTestId('tracking-link');
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) as string;
  expect(href).toMatch(/\/tracking\/[A-Za-z0-9_-]{43}$/);
  expect(href).not.toContain(declared.id);
  await link.click();

  const pageBox = page.getByTestId('tracking-page');
  await expect(pageBox).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('tracking-number')).toHaveText(declared.identificationNumber);
  await expect(page.getByTestId('tracking-next')).toHaveAttribute('data-step', 'drop_at_store');
  await expect(page.getByTestId('tracking-document-drop-slip')).toBeVisible();
  await expect(page.getByTestId('tracking-support')).toContainText('support@demo-retail.test');
  expect(await axeFindings(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // the store finalises and sends it; the warehouse receives and controls it; the manager pays it
  const seller = await apiAs(baseURL as string, 'store_seller@demo.test');
  const operator = await apiAs(baseURL as string, 'warehouse_operator@demo.test');
  const manager = await apiAs(baseURL as string, 'root_management_unit_manager@demo.test');
  try {
    await seller.post(`/api/store/${STORE_PARIS}/buybacks/${declared.id}/finalize`, undefined, {
      'idempotency-key': crypto.randomUUID(),
    });
    await page.reload();
    await expect(step(page, 'dropped')).toBeVisible();
    await expect(page.getByTestId('tracking-next')).toHaveAttribute('data-step', 'store_shipment');

    await seller.post(`/api/buybacks/${declared.id}/send`);
    await controlAtDeclaredAnswers(operator, {
      id: declared.itemId,
      identificationNumber: declared.itemIdentificationNumber,
    });
    await page.reload();
    await expect(step(page, 'received')).toBeVisible();
    await expect(step(page, 'controlled')).toContainText('Son état correspond à votre déclaration.');

    const payments = await manager.get<{ member: { id: string; status: string }[] }>(
      `/api/payments?buybackCode=${declared.identificationNumber}`,
    );
    const payment = payments.member[0] as { id: string; status: string };
    if (payment.status !== 'payment_completed')
      await manager.post(`/api/payments/${payment.id}/mark-paid`, {});
  } finally {
    await Promise.all([seller.dispose(), operator.dispose(), manager.dispose()]);
  }
  await page.reload();
  await expect(step(page, 'paid')).toBeVisible();
  await expect(page.getByTestId('tracking-next')).toHaveAttribute('data-step', 'none');
  expect(await axeFindings(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // the progress mails stop on the customer's request
  await page.getByRole('link', { name: "Ne plus recevoir les e-mails d'avancement de cette vente" }).click();
  await page.getByRole('button', { name: 'Ne plus recevoir ces e-mails' }).click();
  await expect(page.getByTestId('tracking-unsubscribe')).toHaveAttribute('data-state', 'done');
  expect(await axeFindings(page)).toEqual([]);
});

test('the store revokes the link from the buyback’s detail, then issues a new one', async ({
  page,
  baseURL,
}) => {
  const buyback = await newStoreBuyback(baseURL as string, 'Suivi');
  await login(page, 'store_seller@demo.test', `/buyback/${buyback.id}`);
  const section = page.getByTestId('tracking-link-section');
  const old = (await section.getByTestId('tracking-url').textContent()) as string;
  expect(old).toMatch(/^http:\/\/demo-retail\.localhost:\d+\/tracking\/[A-Za-z0-9_-]{43}$/);
  expect(await axeFindings(page, { seriousOnly: true })).toEqual([]);
  await section.getByTestId('tracking-revoke').click();
  await page.getByTestId('tracking-revoke-confirm').click();
  await expect(section.getByTestId('tracking-url-none')).toBeVisible();
  await section.getByTestId('tracking-reissue').click();
  await expect(section.getByTestId('tracking-url')).not.toHaveText(old);
  // the revoked link opens no page any more
  await page.goto(old);
  await expect(page.getByTestId('tracking-page')).toHaveAttribute('data-state', 'invalid');
});
