import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, login, test } from './fixtures';
import { apiAs } from './store-buybacks';
import { awaitingDispatch } from './warehouse-calls';

/**
 * Buyer resale webhooks (docs/connectors.md, "Buyer resale webhooks"): the root manager of Demo
 * Retail configures the connector towards a receiver on loopback (through the API: the form is
 * the configuration screens' own journey); a store buyback completed at the warehouse reaches the
 * receiver, signed with the configuration's secret; the configuration page shows the delivery as
 * delivered, its body, and sends it again.
 */

const LOADED = { timeout: 30_000 };
const RETAIL_ROOT = '00000000-0000-4000-8000-000000000201';
/** The connector `reprise.buyer.resale_webhook` of the catalogue (migration 021). */
const RESALE_WEBHOOK = '00000000-0000-4000-c000-000000000005';
const SECRET = `whsec-e2e-${randomUUID()}`;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let receiver: Server;
let url: string;
const received: Received[] = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/reprise-hooks`;
});

/** The configuration the test makes: set inactive afterwards, so that the other specs' buybacks send it nothing. */
let configurationId: string | undefined;
let server: string | undefined;

test.afterAll(async () => {
  if (configurationId && server) {
    const rmu = await apiAs(server, 'root_management_unit_manager@demo.test');
    try {
      await rmu.patch(`/api/connector-organizations/${configurationId}`, { status: 'inactive' });
    } finally {
      await rmu.dispose();
    }
  }
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

/** The requests the receiver got for a buyback's completion. */
const completionsOf = (buybackId: string) =>
  received.filter((r) => {
    const body = JSON.parse(r.body);
    return body.event === 'buyback.completed' && body.data?.buyback?.id === buybackId;
  });

function expectSigned(request: Received) {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(request.headers['x-reprise-signature'])) ?? [];
  expect(v1).toBe(createHmac('sha256', SECRET).update(`${t}.${request.body}`).digest('hex'));
}

test('a completed buyback reaches the buyer resale webhook, signed; the configuration page shows it delivered and sends it again', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  server = baseURL as string;
  const rmu = await apiAs(server, 'root_management_unit_manager@demo.test');
  try {
    const created = await rmu.post<{ id: string }>('/api/connector-organizations', {
      organizationId: RETAIL_ROOT,
      connectorId: RESALE_WEBHOOK,
      name: `Revente ${randomUUID().slice(0, 8)}`,
      properties: { url, webhook_secret: SECRET, referrer: 'demo-retail' },
    });
    configurationId = created.id;
  } finally {
    await rmu.dispose();
  }

  const buyback = await awaitingDispatch(baseURL as string, 'Webhook');
  await expect.poll(() => completionsOf(buyback.buybackId).length, LOADED).toBe(1);
  const [first] = completionsOf(buyback.buybackId);
  expectSigned(first as Received);
  const body = JSON.parse((first as Received).body);
  expect(first?.headers['x-reprise-event']).toBe('buyback.completed');
  expect(body).toMatchObject({
    id: first?.headers['x-reprise-delivery'],
    referrer: 'demo-retail',
    data: { item: { code: buyback.identificationNumber, status: 'item_completed_by_price' } },
  });

  await login(page, 'root_management_unit_manager@demo.test', `/connectors/${configurationId}`);
  const log = page.getByRole('region', { name: 'Envois de webhooks' });
  const row = log.getByRole('row').filter({ hasText: body.data.buyback.code });
  await expect(row).toContainText('Reprise finalisée', LOADED);
  await expect(row).toContainText('Livré', LOADED);
  await expect(row).toContainText('HTTP 204');

  await row.getByRole('button', { name: 'Voir le contenu' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contenu envoyé' });
  await expect(dialog).toContainText(`"id": "${body.id}"`);
  await expect(dialog).toContainText(buyback.identificationNumber);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await row.getByRole('button', { name: 'Renvoyer' }).click();
  await expect(page.getByText("L'envoi va être renvoyé.")).toBeVisible();
  await expect.poll(() => completionsOf(buyback.buybackId).length, LOADED).toBe(2);
  const again = completionsOf(buyback.buybackId)[1] as Received;
  expectSigned(again);
  // the same delivery, the same body: the receiver recognises a repeat by its id
  expect(again.headers['x-reprise-delivery']).toBe(body.id);
  expect(JSON.parse(again.body)).toEqual(body);
  await expect(row).toContainText('Livré', LOADED);
});
