import { computePrice, type PricingAnswer } from '@reprise/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answersFor,
  type BuybackKit,
  CAT,
  CIRCUIT,
  DEMO,
  DEMO_CATALOG,
  expectProblem,
  PM,
  PRICES,
  startBuybackKit,
} from '../../../test/buyback-kit';

let k: BuybackKit;
let product: string;
beforeAll(async () => {
  k = await startBuybackKit();
  product = await k.newProduct({ tacCodes: ['35678901'] });
});
afterAll(() => k.close());

/** The price the shared module gives for the questionnaire's answers at these indexes. */
async function expectedPrice(
  productId: string,
  answers: { questionId: string; answerIds: string[] }[],
  modifiers = {},
) {
  const q = await k.questionnaire(productId);
  const chosen: PricingAnswer[] = answers.flatMap((a) => {
    const question = q.questions.find((x) => x.id === a.questionId);
    return a.answerIds.map((id) => {
      const answer = question?.answers.find((x) => x.id === id);
      return {
        label: answer?.title as string,
        maxGrade: answer?.maxGrade ?? null,
        impact: answer?.impact ?? null,
      };
    });
  });
  return computePrice({ prices: PRICES, answers: chosen, buybackZeroNotAllowed: false, ...modifiers });
}

describe('questionnaire of the wizard', () => {
  it('gives a store seller the questions root first, the prices and the IMEI flag', async () => {
    const q = await k.questionnaire(product);
    expect(q.product.buybackPrices).toEqual(PRICES);
    expect(q.product.tacCodes).toEqual(['35678901']);
    expect(q.questions.length).toBeGreaterThan(0);
    expect(q.questions[0]?.categoryId).toBe(CAT.smartphones);
    // the product does not collect its IMEI (the account's imei_search_and_collect asks it of those that do)
    expect(q.product.isCollectingIMEI).toBe(false);
  });

  it('answers product_not_found for an unpublished product and for another retailer', async () => {
    const draft = await k.newProduct({ status: 'draft' });
    expectProblem(
      await k.get('seller', `/api/products/${draft}/buyback-questionnaire`),
      404,
      'product_not_found',
    );
    const otherProduct = await k.t.db
      .selectFrom('products')
      .select('id')
      .where('account_id', '=', DEMO.accounts.otherRetail)
      .executeTakeFirstOrThrow();
    expectProblem(
      await k.get('seller', `/api/products/${otherProduct.id}/buyback-questionnaire`),
      404,
      'product_not_found',
    );
  });
});

describe('POST /estimates', () => {
  it('prices the answers with the shared pricing module', async () => {
    const q = await k.questionnaire(product);
    for (const pick of [0, -1]) {
      const answers = answersFor(q, pick);
      const res = await k.post('seller', '/api/estimates', { productId: product, channel: 'store', answers });
      expect(res.statusCode, res.body).toBe(200);
      const { zeroRefused: _z, ...expected } = await expectedPrice(product, answers);
      expect(res.json()).toMatchObject(expected);
      expect(res.json().product.id).toBe(product);
    }
  });

  it('follows a price change as soon as it commits (the process cache hears of it)', async () => {
    const own = await k.newProduct();
    const q = await k.questionnaire(own);
    const answers = answersFor(q);
    const estimate = async () =>
      (await k.post('seller', '/api/estimates', { productId: own, channel: 'store', answers })).json();
    const before = await estimate();
    expect(before.basePriceCents).toBe(PRICES[before.declaredState as keyof typeof PRICES]);
    const raised = PRICES[before.declaredState as keyof typeof PRICES] + 1234;
    const patched = await k.patch('rmu', `/api/products/${own}`, {
      buybackPrices: { [before.declaredState]: raised },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // the change is announced at commit; it reaches this process's cache within moments
    const deadline = Date.now() + 3000;
    let after = await estimate();
    while (after.basePriceCents !== raised && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      after = await estimate();
    }
    expect(after.basePriceCents).toBe(raised);
    await k.patch('rmu', `/api/products/${own}`, { status: 'draft' });
    const deadline2 = Date.now() + 3000;
    let unpublished = await k.post('seller', '/api/estimates', { productId: own, channel: 'store', answers });
    while (unpublished.statusCode === 200 && Date.now() < deadline2) {
      await new Promise((r) => setTimeout(r, 20));
      unpublished = await k.post('seller', '/api/estimates', { productId: own, channel: 'store', answers });
    }
    expectProblem(unpublished, 404, 'product_not_found');
  });

  it('never takes a price from the client', async () => {
    const q = await k.questionnaire(product);
    const answers = answersFor(q);
    const res = await k.post('seller', '/api/estimates', {
      productId: product,
      answers,
      totalCents: 99_999_99,
      basePriceCents: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totalCents).toBe((await expectedPrice(product, answers)).totalCents);
  });

  it('adds the transport and payment modifiers when they are chosen', async () => {
    const q = await k.questionnaire(product);
    const answers = answersFor(q);
    // voucher +10 % capped at 50 € (payment_bonus on), store collect -5 % capped at -15 €
    const res = await k.post('seller', '/api/estimates', {
      productId: product,
      answers,
      shippingMethodId: CIRCUIT.storeDrop,
      paymentModeId: PM.voucher,
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = await expectedPrice(product, answers, {
      paymentModifier: { kind: 'percentage', value: 10, capCents: 5000 },
    });
    expect(res.json().paymentModifierCents).toBe(expected.paymentModifierCents);
    expect(res.json().paymentModifierCents).not.toBe(0);
    expect(res.json().totalCents).toBe(expected.totalCents);
    const collect = await k.post('seller', '/api/estimates', {
      productId: product,
      answers,
      shippingMethodId: CIRCUIT.storeCollect,
    });
    expect(collect.statusCode, collect.body).toBe(200);
    expect(collect.json().shippingModifierCents).toBeLessThan(0);
  });

  it('flags a TAC that matches none of the product codes, without refusing it', async () => {
    const q = await k.questionnaire(product);
    const res = await k.post('seller', '/api/estimates', {
      productId: product,
      answers: answersFor(q),
      imei: '490154203237518',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().imeiTacMismatch).toBe(true);
    const matching = await k.post('seller', '/api/estimates', {
      productId: product,
      answers: answersFor(q),
      imei: '356789012345678',
    });
    expect(matching.json().imeiTacMismatch).toBe(false);
  });

  describe('wizard errors, each with its own code', () => {
    it('product_not_found: unknown, unpublished, another retailer', async () => {
      const unknown = '00000000-0000-4000-8000-0000000fffff';
      expectProblem(
        await k.post('seller', '/api/estimates', { productId: unknown, answers: [] }),
        404,
        'product_not_found',
      );
      const draft = await k.newProduct({ status: 'draft' });
      expectProblem(
        await k.post('seller', '/api/estimates', { productId: draft, answers: [] }),
        404,
        'product_not_found',
      );
      const other = await k.t.db
        .selectFrom('products')
        .select('id')
        .where('account_id', '=', DEMO.accounts.otherRetail)
        .executeTakeFirstOrThrow();
      expectProblem(
        await k.post('seller', '/api/estimates', { productId: other.id, answers: [] }),
        404,
        'product_not_found',
      );
    });

    it('no_questions: a product whose categories ask nothing', async () => {
      const category = await k.post('rmu', '/api/categories', {
        identifier: 'no-question-top',
        label: 'Sans questions',
        defaultWeight: 100,
        absorptionType: 'none',
        absorptionValue: 0,
        buyerAccountId: DEMO.accounts.demoBuyer,
        referringWarehouseIds: [DEMO.orgs.warehouseSaintPriest],
      });
      expect(category.statusCode, category.body).toBe(201);
      const bare = await k.newProduct({ mainCategoryId: category.json().id });
      expectProblem(
        await k.post('seller', '/api/estimates', { productId: bare, answers: [] }),
        422,
        'no_questions',
      );
    });

    it('diagnostic_error: unanswered question, unknown answer, two answers to a unique question', async () => {
      const q = await k.questionnaire(product);
      const answers = answersFor(q);
      const missing = expectProblem(
        await k.post('seller', '/api/estimates', { productId: product, answers: answers.slice(1) }),
        422,
        'diagnostic_error',
      );
      expect(missing.violations[0].code).toBe('question_unanswered');
      const foreign = answers.map((a, i) => (i === 0 ? { ...a, answerIds: [answers[1]?.answerIds[0]] } : a));
      expect(
        expectProblem(
          await k.post('seller', '/api/estimates', { productId: product, answers: foreign }),
          422,
          'diagnostic_error',
        ).violations[0].code,
      ).toBe('unknown_answer');
      const unique = q.questions.findIndex((x) => x.type === 'unique' && x.answers.length > 1);
      const two = answers.map((a, i) =>
        i === unique ? { ...a, answerIds: q.questions[i]?.answers.slice(0, 2).map((x) => x.id) } : a,
      );
      expect(
        expectProblem(
          await k.post('seller', '/api/estimates', { productId: product, answers: two }),
          422,
          'diagnostic_error',
        ).violations[0].code,
      ).toBe('one_answer_expected');
      const unknownQuestion = [
        ...answers,
        { questionId: '00000000-0000-4000-8000-0000000eeeee', answerIds: [answers[0]?.answerIds[0]] },
      ];
      expect(
        expectProblem(
          await k.post('seller', '/api/estimates', { productId: product, answers: unknownQuestion }),
          422,
          'diagnostic_error',
        ).violations[0].code,
      ).toBe('unknown_question');
    });

    it('no_buyback_price: a zero total, or no price for the declared state, on a product that refuses zero', async () => {
      const zeroPrices = { functional: 0, grade_a: 0, grade_b: 0, grade_c: 0, grade_d: 0, grade_e: 0 };
      const lowest = (question: { answers: { impact: { value: number } | null }[] }) => {
        const values = question.answers.map((a) => a.impact?.value ?? 0);
        return values.indexOf(Math.min(...values));
      };
      const zero = await k.newProduct({ buybackPrices: zeroPrices, buybackZeroNotAllowed: true });
      const q = await k.questionnaire(zero);
      expectProblem(
        await k.post('seller', '/api/estimates', { productId: zero, answers: answersFor(q, lowest) }),
        422,
        'no_buyback_price',
      );
      // a positive answer impact does not make up for a state without a price
      const highest = (question: { answers: { impact: { value: number } | null }[] }) => {
        const values = question.answers.map((a) => a.impact?.value ?? 0);
        return values.indexOf(Math.max(...values));
      };
      expectProblem(
        await k.post('seller', '/api/estimates', { productId: zero, answers: answersFor(q, highest) }),
        422,
        'no_buyback_price',
      );
      // allowed at zero when the product accepts it
      const free = await k.newProduct({ buybackPrices: zeroPrices });
      const ok = await k.post('seller', '/api/estimates', {
        productId: free,
        answers: answersFor(await k.questionnaire(free), lowest),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().totalCents).toBe(0);
    });

    it('imei_invalid: not 15 to 17 digits', async () => {
      const q = await k.questionnaire(product);
      for (const imei of ['12345', '35678901234567890123', '3567890123-5678']) {
        expectProblem(
          await k.post('seller', '/api/estimates', { productId: product, answers: answersFor(q), imei }),
          422,
          'imei_invalid',
        );
      }
    });

    it('no_transport_mode: no circuit serves the category', async () => {
      const category = await k.post('rmu', '/api/categories', {
        identifier: 'unserved-top',
        label: 'Non desservie',
        defaultWeight: 100,
        absorptionType: 'none',
        absorptionValue: 0,
        buyerAccountId: DEMO.accounts.demoBuyer,
        referringWarehouseIds: [DEMO.orgs.warehouseSaintPriest],
      });
      const question = await k.post('rmu', `/api/categories/${category.json().id}/questions`, {
        title: 'Fonctionne-t-il ?',
        type: 'unique',
        answers: [{ title: 'Oui' }, { title: 'Non', maxGrade: 'grade_e' }],
      });
      expect(question.statusCode, question.body).toBe(201);
      const unserved = await k.newProduct({ mainCategoryId: category.json().id });
      const q = await k.questionnaire(unserved);
      expectProblem(
        await k.post('seller', '/api/estimates', {
          productId: unserved,
          answers: answersFor(q),
          shippingMethodId: CIRCUIT.storeDrop,
        }),
        422,
        'no_transport_mode',
      );
    });

    it('no_payment_mode: the circuits of the product have no active payment mode', async () => {
      const q = await k.questionnaire(product);
      await sql`UPDATE payment_modes SET status = 'inactive' WHERE account_id = ${DEMO.accounts.demoRetail}`.execute(
        k.t.db,
      );
      try {
        expectProblem(
          await k.post('seller', '/api/estimates', {
            productId: product,
            answers: answersFor(q),
            shippingMethodId: CIRCUIT.storeDrop,
          }),
          422,
          'no_payment_mode',
        );
      } finally {
        await sql`UPDATE payment_modes SET status = 'active' WHERE account_id = ${DEMO.accounts.demoRetail}`.execute(
          k.t.db,
        );
      }
    });

    it('no_warehouse: a drop circuit without any warehouse', async () => {
      const q = await k.questionnaire(product);
      // only circuits that need a warehouse remain, and no warehouse is active
      await sql`UPDATE organizations SET status = 'inactive' WHERE type = 'warehouse' AND account_id = ${DEMO.accounts.demoBuyer}`.execute(
        k.t.db,
      );
      await sql`UPDATE circuits SET status = 'inactive' WHERE account_id = ${DEMO.accounts.demoRetail} AND deposit_type NOT IN ('drop', 'drop_label')`.execute(
        k.t.db,
      );
      try {
        const res = await k.post('seller', '/api/estimates', {
          productId: product,
          answers: answersFor(q),
          shippingMethodId: CIRCUIT.storeDrop,
        });
        expectProblem(res, 422, 'no_warehouse');
      } finally {
        await sql`UPDATE organizations SET status = 'active' WHERE type = 'warehouse' AND account_id = ${DEMO.accounts.demoBuyer}`.execute(
          k.t.db,
        );
        await sql`UPDATE circuits SET status = 'active' WHERE account_id = ${DEMO.accounts.demoRetail}`.execute(
          k.t.db,
        );
      }
    });

    it('shipping_method_not_available and payment_mode_not_available: a choice the product may not use', async () => {
      const q = await k.questionnaire(product);
      expectProblem(
        await k.post('seller', '/api/estimates', {
          productId: product,
          answers: answersFor(q),
          shippingMethodId: CIRCUIT.webPost,
        }),
        422,
        'shipping_method_not_available',
      );
      expectProblem(
        await k.post('seller', '/api/estimates', {
          productId: product,
          answers: answersFor(q),
          shippingMethodId: CIRCUIT.storeCollect,
          paymentModeId: PM.voucher,
        }),
        422,
        'payment_mode_not_available',
      );
    });
  });

  it('is refused to users without buyback.create, and Other Retail never prices Demo Retail products', async () => {
    const q = await k.questionnaire(product);
    expectProblem(
      await k.post('analyst', '/api/estimates', { productId: product, answers: answersFor(q) }),
      403,
      'forbidden',
    );
    expectProblem(
      await k.post('otherSeller', '/api/estimates', { productId: product, answers: answersFor(q) }),
      404,
      'product_not_found',
    );
    expect(DEMO_CATALOG.otherCategories).toBeTruthy();
  });
});

describe('GET /buyback-settings', () => {
  it('gives the identity-document rule, the minimum cart value and the cart size', async () => {
    const res = await k.get('seller', '/api/buyback-settings');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      customer_identity_document_required: false,
      cart_min_value: 0,
      cart_max_items: 200,
      currency: 'EUR',
    });
    const other = await k.get('otherSeller', '/api/buyback-settings');
    expect(other.json().cart_max_items).toBe(1);
  });
});
