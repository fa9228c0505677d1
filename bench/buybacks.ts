import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { login, startServer } from './server';

/**
 * The buyback figures of issue 4, on one server run (fresh demo database, or DATABASE_URL):
 * 1. POST /api/estimates requests per second against GET /api/health (goal: at least 30 %);
 * 2. 200 concurrent store buyback creations, each sent twice with the same Idempotency-Key:
 *    exactly 200 buybacks, none lost, none duplicated.
 *   tsx bench/buybacks.ts                      (BENCH_SECONDS=3 for a smoke run)
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CREATIONS = Number(process.env.BENCH_CREATIONS ?? 200);

const server = await startServer(
  3980 + Math.floor(Math.random() * 9),
  process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {},
);

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

try {
  const seller = {
    authorization: `Bearer ${await login(server.url, 'store_seller@demo.test')}`,
    'content-type': 'application/json',
  };
  const manager = {
    authorization: `Bearer ${await login(server.url, 'root_management_unit_manager@demo.test')}`,
  };
  const me = await json<{ currentOrganization: { id: string } }>(
    await fetch(`${server.url}/api/me`, { headers: seller }),
  );
  const storeId = me.currentOrganization.id;

  // a published iPhone of the demo catalogue, its questionnaire and its store-drop options
  const hit = await json<{ member: { id: string; name: string }[] }>(
    await fetch(`${server.url}/api/search/products?q=iphone`, { headers: seller }),
  );
  const product = hit.member[0];
  if (!product) throw new Error('no product found for "iphone"');
  const questionnaire = await json<{ questions: { id: string; answers: { id: string }[] }[] }>(
    await fetch(`${server.url}/api/products/${product.id}/buyback-questionnaire`, { headers: seller }),
  );
  const answers = questionnaire.questions.map((q) => ({ questionId: q.id, answerIds: [q.answers[0]?.id] }));
  const methods = await json<{
    member: { id: string; type: string; paymentMethods: { id: string; type: string }[] }[];
  }>(
    await fetch(`${server.url}/api/products/${product.id}/shipping-methods?channel=store&country=FR`, {
      headers: seller,
    }),
  );
  const storeDrop = methods.member.find((m) => m.type === 'store_drop') ?? methods.member[0];
  const giftCard =
    storeDrop?.paymentMethods.find((p) => p.type === 'gift_card') ?? storeDrop?.paymentMethods[0];
  if (!storeDrop || !giftCard) throw new Error('no store shipping method with a payment mode');

  // ---------- 1. estimate vs health ----------
  const estimateBody = JSON.stringify({ productId: product.id, channel: 'store', answers });
  const warm = { duration: 1, connections: 4 };
  await autocannon({ url: `${server.url}/api/health`, ...warm });
  await autocannon({
    url: `${server.url}/api/estimates`,
    method: 'POST',
    headers: seller,
    body: estimateBody,
    ...warm,
  });
  const health = await autocannon({
    url: `${server.url}/api/health`,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const estimate = await autocannon({
    url: `${server.url}/api/estimates`,
    method: 'POST',
    headers: seller,
    body: estimateBody,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const ratio = estimate.requests.average / health.requests.average;
  const row = (name: string, r: autocannon.Result) => {
    const latency = r.latency as autocannon.Histogram & { p95?: number };
    return `| ${name} | ${Math.round(r.requests.average)} | ${latency.p50} | ${latency.p95 ?? latency.p97_5} | ${latency.p99} | ${r.non2xx} |`;
  };
  console.log(
    `\nEstimates vs health, ${CONNECTIONS} connections, ${DURATION} s each (product "${product.name}", ${answers.length} questions)`,
  );
  console.log('| request | req/s | p50 ms | p95 ms | p99 ms | non-2xx |\n|---|--:|--:|--:|--:|--:|');
  console.log(row('GET /api/health', health));
  console.log(row('POST /api/estimates', estimate));
  console.log(
    `estimate / health = ${(ratio * 100).toFixed(1)} % (goal ≥ 30 %) ${ratio >= 0.3 ? 'MET' : 'NOT MET'}`,
  );

  // ---------- 2. concurrent creations, each sent twice ----------
  const count = async () =>
    (
      await json<{ totalItems: number }>(
        await fetch(`${server.url}/api/buybacks?itemsPerPage=1`, { headers: manager }),
      )
    ).totalItems;
  const before = await count();
  const customer = {
    firstName: 'Bench',
    lastName: 'Customer',
    email: 'bench@example.test',
    phone: '+33612345678',
    street: '1 Rue du Test',
    zip: '75001',
    city: 'Paris',
    country: 'FR',
    identification: { type: 'passport', number: 'BENCH123' },
  };
  const keys = Array.from({ length: CREATIONS }, () => randomUUID());
  const send = (key: string) =>
    fetch(`${server.url}/api/store/${storeId}/buybacks`, {
      method: 'POST',
      headers: { ...seller, 'idempotency-key': key },
      body: JSON.stringify({
        productId: product.id,
        answers,
        shippingMethodId: storeDrop.id,
        paymentModeId: giftCard.id,
        customer,
      }),
    }).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as { id?: string; code?: string },
    }));
  const started = performance.now();
  const results = await Promise.all(keys.flatMap((key) => [send(key), send(key)]));
  const seconds = (performance.now() - started) / 1000;
  const after = await count();
  const ids = new Set(results.flatMap((r) => (r.body.id ? [r.body.id] : [])));
  const failures = results.filter((r) => r.status !== 201);
  const pairsAgree = keys.every((_, i) => results[2 * i]?.body.id === results[2 * i + 1]?.body.id);
  console.log(`\n${CREATIONS} creations × 2 (same Idempotency-Key), all concurrent: ${seconds.toFixed(2)} s`);
  console.log(
    `answers 201: ${results.length - failures.length}/${results.length}; distinct buybacks answered: ${ids.size}`,
  );
  console.log(
    `buybacks in the database: ${before} → ${after} (+${after - before}); both sends of each key answered the same buyback: ${pairsAgree}`,
  );
  if (failures.length)
    console.log(
      'failures:',
      failures.slice(0, 5).map((f) => `${f.status} ${f.body.code}`),
    );
  const exact = after - before === CREATIONS && ids.size === CREATIONS && failures.length === 0 && pairsAgree;
  console.log(exact ? `exactly ${CREATIONS} buybacks: none lost, none duplicated` : 'MISMATCH');
  if (!exact) process.exitCode = 1;
} finally {
  await server.stop();
}
