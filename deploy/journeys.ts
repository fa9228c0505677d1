import { randomUUID } from 'node:crypto';

/**
 * The journeys `npm run test:scale-out` runs through the proxy, over HTTP as the screens do: the
 * store buyback, the warehouse's check-in and control, a catalogue import. Demo data's users
 * (apps/server/src/seed/demo.ts); every write that may be sent again carries an Idempotency-Key.
 */

const PASSWORD = 'Reprise-Demo-2026';
/** A 1×1 PNG: the logo and the control's proof photo. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Answers the network could not carry (the process died, the proxy found none) and may be sent again. */
const RETRIED = new Set([502, 503, 504]);

export class Client {
  constructor(
    readonly baseUrl: string,
    readonly authorization: string,
  ) {}

  static async signIn(baseUrl: string, email: string): Promise<Client> {
    const res = await send(baseUrl, '/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, tokenRequested: true }),
    });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
    return new Client(baseUrl, `Bearer ${((await res.json()) as { apiToken: string }).apiToken}`);
  }

  /** The same user on another address (one API process directly, say). */
  on(baseUrl: string): Client {
    return new Client(baseUrl, this.authorization);
  }

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { authorization: this.authorization, ...headers } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    return send(this.baseUrl, url, init);
  }

  async json<T>(
    method: string,
    url: string,
    body?: unknown,
    expected = 200,
    headers?: Record<string, string>,
  ) {
    const res = await this.request(method, url, body, headers);
    const text = await res.text();
    if (res.status !== expected)
      throw new Error(`${method} ${url}: ${res.status} (expected ${expected}) ${text}`);
    return JSON.parse(text) as T;
  }
}

/**
 * One request; a 502/503/504 or a refused connection (the process behind the proxy was killed) is
 * tried again, as the screens' client does, with the same Idempotency-Key when it has one.
 */
async function send(baseUrl: string, url: string, init: RequestInit): Promise<Response> {
  const method = init.method ?? 'GET';
  const headers = (init.headers ?? {}) as Record<string, string>;
  const retriable = method === 'GET' || Boolean(headers['idempotency-key']);
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${baseUrl}${url}`, init);
      if (!retriable || !RETRIED.has(res.status) || attempt >= 20) return res;
      await res.arrayBuffer();
    } catch (error) {
      if (!retriable || attempt >= 20) throw error;
    }
    await new Promise((r) => setTimeout(r, 100 * attempt));
  }
}

export const png = (name = 'logo.png') => {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), name);
  return form;
};

interface Questionnaire {
  product: { isCollectingIMEI: boolean; tacCodes: string[] };
  questions: { id: string; answers: { id: string }[] }[];
}

/** A 15-digit IMEI of a TAC: a serial number and its Luhn check digit. */
function imeiOf(tac: string, serial: number): string {
  const body = `${tac}${String(serial % 1_000_000).padStart(6, '0')}`;
  const sum = [...body].reverse().reduce((total, char, i) => {
    const digit = Number(char) * (i % 2 === 0 ? 2 : 1);
    return total + (digit > 9 ? digit - 9 : digit);
  }, 0);
  return body + String((10 - (sum % 10)) % 10);
}

export interface StoreSetup {
  storeId: string;
  productId: string;
  questionnaire: Questionnaire;
  shippingMethodId: string;
  paymentModeId: string;
}

/** What the store seller's wizard finds: the store, a phone of the catalogue, its questions and options. */
export async function storeSetup(seller: Client): Promise<StoreSetup> {
  const me = await seller.json<{ currentOrganization: { id: string } }>('GET', '/api/me');
  const hits = await seller.json<{ member: { id: string }[] }>('GET', '/api/search/products?q=iphone');
  const productId = hits.member[0]?.id;
  if (!productId) throw new Error('no product found for "iphone"');
  const questionnaire = await seller.json<Questionnaire>(
    'GET',
    `/api/products/${productId}/buyback-questionnaire`,
  );
  const methods = await seller.json<{
    member: { id: string; type: string; paymentMethods: { id: string; type: string }[] }[];
  }>('GET', `/api/products/${productId}/shipping-methods?channel=store&country=FR`);
  const storeDrop = methods.member.find((m) => m.type === 'store_drop');
  const transfer =
    storeDrop?.paymentMethods.find((p) => p.type === 'bank_transfer') ?? storeDrop?.paymentMethods[0];
  if (!storeDrop || !transfer) throw new Error('no store drop with a payment mode');
  return {
    storeId: me.currentOrganization.id,
    productId,
    questionnaire,
    shippingMethodId: storeDrop.id,
    paymentModeId: transfer.id,
  };
}

let serial = Math.floor(Math.random() * 500_000);

export interface CreatedBuyback {
  id: string;
  email: string;
  item: { id: string; identificationNumber: string };
}

/** The store wizard's last step: a buyback of a new customer, sent with its Idempotency-Key. */
export async function createStoreBuyback(seller: Client, setup: StoreSetup, key = randomUUID()) {
  serial += 1;
  const email = `scale-${key.slice(0, 8)}@example.test`;
  const q = setup.questionnaire;
  const created = await seller.json<CreatedBuyback>(
    'POST',
    `/api/store/${setup.storeId}/buybacks`,
    {
      productId: setup.productId,
      answers: q.questions.map((question) => ({
        questionId: question.id,
        answerIds: [question.answers[0]?.id],
      })),
      shippingMethodId: setup.shippingMethodId,
      paymentModeId: setup.paymentModeId,
      customer: {
        firstName: 'Scale',
        lastName: 'Out',
        email,
        phone: '+33612345678',
        street: '1 Rue du Test',
        zip: '75001',
        city: 'Paris',
        country: 'FR',
        iban: 'FR76 3000 6000 0112 3456 7890 189',
        identification: {
          type: 'identity_card',
          number: 'AB12345',
          deliveryDate: '2020-05-04',
          issuingAuthority: 'Préfecture de Paris',
        },
      },
      ...(q.product.isCollectingIMEI ? { imei: imeiOf(q.product.tacCodes[0] ?? '35000000', serial) } : {}),
      termsAccepted: true,
    },
    201,
    { 'idempotency-key': key },
  );
  return { ...created, email, key };
}

/** The store sends the buyback to its warehouse; its item is then in transit. */
export async function sendToWarehouse(seller: Client, buybackId: string) {
  return seller.json<{ status: string }>('POST', `/api/buybacks/${buybackId}/send`, undefined, 200, {
    'idempotency-key': randomUUID(),
  });
}

/** The operator's scan at the dock, then the control: a proof photo, the declared answers, the outcome. */
export async function checkInAndControl(operator: Client, b: CreatedBuyback, setup: StoreSetup) {
  const code = b.item.identificationNumber;
  const checkin = await operator.json<{ status: string }>('POST', '/api/warehouse/checkin', { code });
  const started = await operator.json<{ status: string }>('POST', '/api/warehouse/control/start', { code });
  const photo = await operator.json<{ key: string; url: string }>(
    'POST',
    `/api/warehouse/control/${b.item.id}/photos`,
    png('proof.png'),
    201,
  );
  const completed = await operator.json<{ outcome: string; item: { status: string } }>(
    'POST',
    `/api/warehouse/control/${b.item.id}/complete`,
    {
      answers: setup.questionnaire.questions.map((question) => ({
        questionId: question.id,
        answerIds: [question.answers[0]?.id],
      })),
      comment: 'Conforme',
    },
  );
  return { checkin, started, photo, completed };
}

/** A catalogue import of `lines` new products, uploaded as the import screen does; waits for the worker's end. */
export async function importProducts(rmu: Client, accountId: string, lines: number, prefix: string) {
  const header =
    'reference;ean_code;name;brand;category_identifier;status;price_functional;price_grade_a;price_grade_b;price_grade_c;price_grade_d;price_grade_e';
  const rows = Array.from(
    { length: lines },
    (_, i) =>
      `${prefix}-${i};;Scale phone ${prefix} ${i};Acme;smartphones-apple;published;300;270;230;180;120;50`,
  );
  const form = new FormData();
  form.append('content', 'products');
  form.append('strategy', 'generic');
  form.append('file', new Blob([`${[header, ...rows].join('\n')}\n`], { type: 'text/csv' }), 'scale.csv');
  const created = await rmu.json<{ id: string }>('POST', `/api/accounts/${accountId}/imports`, form, 201);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const found = await rmu.json<{
      status: string;
      report: { lines: { found: number; inserted: number; updated: number; ignored: number } };
    }>('GET', `/api/imports/${created.id}`);
    if (found.status !== 'in_progress') return { id: created.id, ...found };
    if (Date.now() > deadline) throw new Error(`import ${created.id} still in progress after 120 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
