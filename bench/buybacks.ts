import { randomUUID } from 'node:crypto';
import { figureTable, json, measure, percent, type Section } from './lib';
import { login } from './server';

const CREATIONS = Number(process.env.BENCH_CREATIONS ?? 200);

/** A 15-digit IMEI of a TAC: a serial number and its Luhn check digit. */
function imeiOf(tac: string): string {
  const body = `${tac}123456`;
  const sum = [...body].reverse().reduce((total, char, i) => {
    const digit = Number(char) * (i % 2 === 0 ? 2 : 1);
    return total + (digit > 9 ? digit - 9 : digit);
  }, 0);
  return body + String((10 - (sum % 10)) % 10);
}

/**
 * Issue 4, on a server with the demo data:
 * 1. POST /api/estimates requests per second against GET /api/health on the same run (goal ≥ 30 %);
 * 2. 200 concurrent store buyback creations, each sent twice with the same Idempotency-Key:
 *    exactly 200 buybacks, none lost, none duplicated.
 */
export async function benchBuybacks(url: string): Promise<Section> {
  const seller = {
    authorization: `Bearer ${await login(url, 'store_seller@demo.test')}`,
    'content-type': 'application/json',
  };
  const manager = { authorization: `Bearer ${await login(url, 'root_management_unit_manager@demo.test')}` };
  const me = await json<{ currentOrganization: { id: string } }>(
    await fetch(`${url}/api/me`, { headers: seller }),
  );
  const storeId = me.currentOrganization.id;

  // a published iPhone of the demo catalogue, its questionnaire and its store-drop options
  const hit = await json<{ member: { id: string; name: string }[] }>(
    await fetch(`${url}/api/search/products?q=iphone`, { headers: seller }),
  );
  const product = hit.member[0];
  if (!product) throw new Error('no product found for "iphone"');
  const questionnaire = await json<{
    product: { isCollectingIMEI: boolean; tacCodes: string[] };
    questions: { id: string; answers: { id: string }[] }[];
  }>(await fetch(`${url}/api/products/${product.id}/buyback-questionnaire`, { headers: seller }));
  // a phone that collects its IMEI gets a valid one of its TAC
  const imei = questionnaire.product.isCollectingIMEI
    ? imeiOf(questionnaire.product.tacCodes[0] ?? '35000000')
    : undefined;
  const answers = questionnaire.questions.map((q) => ({ questionId: q.id, answerIds: [q.answers[0]?.id] }));
  const methods = await json<{
    member: { id: string; type: string; paymentMethods: { id: string; type: string }[] }[];
  }>(
    await fetch(`${url}/api/products/${product.id}/shipping-methods?channel=store&country=FR`, {
      headers: seller,
    }),
  );
  const storeDrop = methods.member.find((m) => m.type === 'store_drop') ?? methods.member[0];
  const giftCard =
    storeDrop?.paymentMethods.find((p) => p.type === 'gift_card') ?? storeDrop?.paymentMethods[0];
  if (!storeDrop || !giftCard) throw new Error('no store shipping method with a payment mode');

  // ---------- 1. estimates against the ceiling, on the same run ----------
  const health = await measure('GET /api/health (ceiling)', { url: `${url}/api/health`, connections: 10 });
  const estimate = await measure(`POST /api/estimates (${answers.length} answers)`, {
    url: `${url}/api/estimates`,
    method: 'POST',
    headers: seller,
    body: JSON.stringify({ productId: product.id, channel: 'store', answers }),
    connections: 10,
  });
  const ratio = estimate.rps / health.rps;

  // ---------- 2. concurrent creations, each sent twice ----------
  const count = async () =>
    (
      await json<{ totalItems: number }>(
        await fetch(`${url}/api/buybacks?itemsPerPage=5`, { headers: manager }),
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
    fetch(`${url}/api/store/${storeId}/buybacks`, {
      method: 'POST',
      headers: { ...seller, 'idempotency-key': key },
      body: JSON.stringify({
        productId: product.id,
        answers,
        shippingMethodId: storeDrop.id,
        paymentModeId: giftCard.id,
        customer,
        ...(imei ? { imei } : {}),
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
  const exact = after - before === CREATIONS && ids.size === CREATIONS && failures.length === 0 && pairsAgree;

  return {
    title: 'Store buyback journey (issue 4)',
    lines: [
      `Estimate of "${product.name}" with ${answers.length} answers, against the ceiling measured just before.`,
      '',
      ...figureTable([health, estimate]),
      '',
      `${CREATIONS} store buyback creations, each sent twice with the same Idempotency-Key, all ${2 * CREATIONS} requests at once: ${seconds.toFixed(2)} s;`,
      `${results.length - failures.length}/${results.length} answered 201, ${ids.size} distinct buybacks answered, buybacks in the database ${before} → ${after} (+${after - before}), both sends of each key answered the same buyback: ${pairsAgree ? 'yes' : 'no'}.`,
      ...(failures.length
        ? [
            `Failures: ${failures
              .slice(0, 5)
              .map((f) => `${f.status} ${f.body.code}`)
              .join(', ')}.`,
          ]
        : []),
    ],
    goals: [
      { goal: 'estimates ≥ 30 % of the ceiling (requests/s)', value: percent(ratio), met: ratio >= 0.3 },
      {
        goal: `${CREATIONS} concurrent creations sent twice: exactly ${CREATIONS} buybacks`,
        value: `+${after - before}, ${ids.size} distinct, ${failures.length} failed`,
        met: exact,
      },
    ],
  };
}
