import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, PRICES } from '../../../test/buyback-kit';
import { addBuyer, addUser } from '../../../test/buyer-kit';
import { type ControlKit, PNG, startControlKit } from '../../../test/control-kit';
import { DEMO } from '../../../test/test-app';

/**
 * The warehouse control (control.service.ts): starting it from each
 * status, the specification, the estimate on the buyback's price snapshot, the completion by each
 * outcome with its rules (comment, photos, counter-offer), the quarantine, and who may do it.
 */

let k: ControlKit;

const setRetailerRules = (values: Record<string, unknown>) =>
  k.t.db
    .updateTable('organization_root_details')
    .set(values)
    .where('account_id', '=', DEMO.accounts.demoRetail)
    .execute();

const setCategoryAbsorption = (categoryId: string, type: string, value: number) =>
  k.t.db
    .updateTable('categories')
    .set({ absorption_type: type, absorption_value: value })
    .where('id', '=', categoryId)
    .execute();

const history = async (itemId: string) =>
  (await k.asOperator('GET', `/api/items/${itemId}/history`)).json().member as {
    toStatus: string;
    fromStatus: string | null;
    reason: string;
    comment: string | null;
    by: { id: string } | null;
    stock: { nativeKind: string | null } | null;
  }[];

const complete = async (itemId: string, body: Record<string, unknown>) =>
  k.asOperator('POST', `/api/warehouse/control/${itemId}/complete`, body);

beforeAll(async () => {
  k = await startControlKit();
});
afterAll(() => k.close());

describe('POST /warehouse/control/start', () => {
  it('an item in transit is registered at the control (check-in optional), then awaits its tests', async () => {
    const b = await k.sentBuyback();
    const res = await k.asOperator('POST', '/api/warehouse/control/start', {
      code: b.item.identificationNumber,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'item_awaiting_compliancy_tests',
      buyback: { status: 'bb_in_processing' },
      stock: { nativeKind: 'awaiting_control' },
      warehouse: { id: DEMO.orgs.warehouseSaintPriest },
    });
    expect(res.json().registeredAt).not.toBeNull();
    const events = await history(b.item.id);
    expect(events.slice(-2).map((e) => [e.toStatus, e.reason])).toEqual([
      ['item_registered_in_warehouse', 'checkin_at_control'],
      ['item_awaiting_compliancy_tests', 'control_started'],
    ]);
  });

  it('refuses an item in transit when its retailer makes check-in mandatory (not registered before the test), except to an admin', async () => {
    const b = await k.sentBuyback();
    await setRetailerRules({ warehouse_checkin_requirement: 'mandatory' });
    try {
      expectProblem(
        await k.asOperator('POST', '/api/warehouse/control/start', { code: b.item.identificationNumber }),
        409,
        'item_not_registered',
      );
      expect((await k.item(b.item.id)).status).toBe('item_in_transit');
      // check-in counts as disabled for platform admins: their control registers it
      const byAdmin = await k.post('admin', '/api/warehouse/control/start', {
        code: b.item.identificationNumber,
      });
      expect(byAdmin.statusCode, byAdmin.body).toBe(200);
      expect(byAdmin.json().status).toBe('item_awaiting_compliancy_tests');
    } finally {
      await setRetailerRules({ warehouse_checkin_requirement: 'optional' });
    }
  });

  it('a checked-in item moves to awaiting compliancy tests, found by its 8-digit short code', async () => {
    const b = await k.sentBuyback();
    const checkin = await k.asOperator('POST', '/api/warehouse/checkin', {
      code: b.item.identificationNumber,
    });
    expect(checkin.statusCode, checkin.body).toBe(200);
    const res = await k.asOperator('POST', '/api/warehouse/control/start', {
      code: b.item.identificationNumber.slice(-8),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('item_awaiting_compliancy_tests');
    expect((await history(b.item.id)).at(-1)).toMatchObject({
      fromStatus: 'item_registered_in_warehouse',
      toStatus: 'item_awaiting_compliancy_tests',
      reason: 'control_started',
    });
  });

  it('a control already started resumes without a move; an item to reintegrate starts again', async () => {
    const b = await k.underControl();
    const before = (await history(b.item.id)).length;
    const again = await k.asOperator('POST', '/api/warehouse/control/start', {
      code: b.item.identificationNumber,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().status).toBe('item_awaiting_compliancy_tests');
    expect(await history(b.item.id)).toHaveLength(before);

    await k.t.db
      .updateTable('buyback_items')
      .set({ status: 'item_to_reintegrate_to_stock' })
      .where('id', '=', b.item.id)
      .execute();
    const restarted = await k.asOperator('POST', '/api/warehouse/control/start', {
      code: b.item.identificationNumber,
    });
    expect(restarted.statusCode, restarted.body).toBe(200);
    expect((await history(b.item.id)).at(-1)).toMatchObject({
      fromStatus: 'item_to_reintegrate_to_stock',
      toStatus: 'item_awaiting_compliancy_tests',
    });
  });

  it('refuses an item at any other status (still in the store)', async () => {
    const inStore = await k.createBuyback();
    expectProblem(
      await k.asOperator('POST', '/api/warehouse/control/start', { code: inStore.item.identificationNumber }),
      409,
      'item_status_mismatch',
    );
  });

  it('says which code is wrong: its length, or no item under it', async () => {
    const res = await k.asOperator('POST', '/api/warehouse/control/start', { code: '12345' });
    expectProblem(res, 422, 'code_length_invalid');
    expect(res.json().violations[0].propertyPath).toBe('code');
    expectProblem(
      await k.asOperator('POST', '/api/warehouse/control/start', { code: '0000000000000' }),
      404,
      'item_not_found',
    );
  });

  it('is the warehouse’s: a store seller may not control', async () => {
    const b = await k.sentBuyback();
    expectProblem(
      await k.post('seller', '/api/warehouse/control/start', { code: b.item.identificationNumber }),
      403,
      'forbidden',
    );
  });
});

describe('GET /warehouse/control/{itemId} and the estimate', () => {
  it('shows what was declared, the questions to ask again, the absorption and the comment rules', async () => {
    const b = await k.underControl();
    await setRetailerRules({
      is_warehouse_comment_mandatory: true,
      is_warehouse_comment_shared_to_client: true,
    });
    try {
      const res = await k.asOperator('GET', `/api/warehouse/control/${b.item.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const spec = res.json();
      expect(spec.item.id).toBe(b.item.id);
      expect(spec.declared).toEqual({ state: b.declaredState, priceCents: b.totalCents, answers: b.answers });
      expect(spec.questions.map((q: { id: string }) => q.id)).toEqual(
        b.answers.map((a: { questionId: string }) => a.questionId),
      );
      expect(spec.absorption).toEqual({ type: 'none', value: 0, premiumEnabled: false });
      expect(spec.comment).toEqual({ mandatory: true, sharedWithClient: true });
      expect(spec.photos.counterOffer).toEqual([]);
      expect(spec.litigation).toBeNull();
    } finally {
      await setRetailerRules({
        is_warehouse_comment_mandatory: false,
        is_warehouse_comment_shared_to_client: false,
      });
    }
  });

  it('prices the operator’s answers on the prices the buyback was sold with, not the product’s current ones', async () => {
    const b = await k.underControl();
    const raised = await k.patch('rmu', `/api/products/${b.product.id}`, {
      buybackPrices: { ...PRICES, functional: PRICES.functional * 2 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const same = await k.asOperator('POST', `/api/warehouse/control/${b.item.id}/estimate`, {
      answers: await k.declaredAnswers(b),
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({
      declaredState: b.declaredState,
      declaredPriceCents: b.totalCents,
      controlledState: b.declaredState,
      controlledPriceCents: b.totalCents,
      outcome: 'by_price',
      validatedPriceCents: b.totalCents,
    });
    const lower = await k.asOperator('POST', `/api/warehouse/control/${b.item.id}/estimate`, {
      answers: await k.lowerAnswers(b),
    });
    expect(lower.json()).toMatchObject({ controlledState: 'grade_b', outcome: 'counter_offer' });
    expect(lower.json().controlledPriceCents).toBeLessThan(b.totalCents);
  });

  it('refuses answers that do not fit the questionnaire', async () => {
    const b = await k.underControl();
    expectProblem(
      await k.asOperator('POST', `/api/warehouse/control/${b.item.id}/estimate`, { answers: [] }),
      422,
      'diagnostic_error',
    );
  });
});

describe('POST /warehouse/control/{itemId}/complete', () => {
  it('at the declared state: completed by price at the declared price, the control recorded', async () => {
    const b = await k.underControl();
    const res = await complete(b.item.id, {
      answers: await k.declaredAnswers(b),
      comment: 'Conforme',
      serialNumber: 'SN-123',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: 'by_price',
      litigation: null,
      item: {
        status: 'item_completed_by_price',
        buyback: { status: 'bb_completed_by_price' },
        controlledState: b.declaredState,
        controlledPriceCents: b.totalCents,
        validatedPriceCents: b.totalCents,
        warehouseComment: 'Conforme',
        serialNumber: 'SN-123',
      },
    });
    const row = await k.item(b.item.id);
    expect(row).toMatchObject({ absorbed_cents: 0, warehouse_comment_shared: false });
    expect(row.controlled_at).not.toBeNull();
    expect(row.controlled_answers).toEqual(b.answers);
    expect((await history(b.item.id)).at(-1)).toMatchObject({
      toStatus: 'item_completed_by_price',
      reason: 'control',
      comment: 'Conforme',
    });
    expect((await history(b.item.id)).at(-1)?.by).not.toBeNull();
    // done: a second completion is refused
    expectProblem(
      await complete(b.item.id, { answers: await k.declaredAnswers(b) }),
      409,
      'item_status_mismatch',
    );
  });

  it('requires the comment when the retailer makes it mandatory, and shares it when the retailer says so', async () => {
    const b = await k.underControl();
    await setRetailerRules({
      is_warehouse_comment_mandatory: true,
      is_warehouse_comment_shared_to_client: true,
    });
    try {
      const refused = await complete(b.item.id, { answers: await k.declaredAnswers(b), comment: '  ' });
      expectProblem(refused, 422, 'warehouse_comment_required');
      expect(refused.json().violations[0].propertyPath).toBe('comment');
      expect((await k.item(b.item.id)).status).toBe('item_awaiting_compliancy_tests');
      const done = await complete(b.item.id, {
        answers: await k.declaredAnswers(b),
        comment: 'Très bon état',
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(await k.item(b.item.id)).toMatchObject({
        warehouse_comment: 'Très bon état',
        warehouse_comment_shared: true,
      });
    } finally {
      await setRetailerRules({
        is_warehouse_comment_mandatory: false,
        is_warehouse_comment_shared_to_client: false,
      });
    }
  });

  it('absorbs a difference within the category’s allowance when the retailer holds the absorption feature', async () => {
    const b = await k.underControl();
    const estimate = await k.asOperator('POST', `/api/warehouse/control/${b.item.id}/estimate`, {
      answers: await k.lowerAnswers(b),
    });
    const difference = b.totalCents - estimate.json().controlledPriceCents;
    expect(difference).toBeGreaterThan(0);
    await setCategoryAbsorption(b.category.id, 'by_value', difference);
    try {
      // without the premium feature the category's absorption does not apply
      const without = await k.asOperator('POST', `/api/warehouse/control/${b.item.id}/estimate`, {
        answers: await k.lowerAnswers(b),
      });
      expect(without.json()).toMatchObject({ outcome: 'counter_offer', absorptionAllowanceCents: null });
      await setRetailerRules({
        enabled_premium_features: ['multi_product_cart', 'payment_bonus', 'absorption'],
      });
      const res = await complete(b.item.id, { answers: await k.lowerAnswers(b) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        outcome: 'absorption',
        item: {
          status: 'item_completed_with_absorption',
          buyback: { status: 'bb_completed_with_absorption' },
          controlledState: 'grade_b',
          validatedPriceCents: b.totalCents,
        },
      });
      expect((await k.item(b.item.id)).absorbed_cents).toBe(difference);
    } finally {
      await setCategoryAbsorption(b.category.id, 'none', 0);
      await setRetailerRules({ enabled_premium_features: ['multi_product_cart', 'payment_bonus'] });
    }
  });

  it('a difference past the allowance is a counter-offer, which needs its reason and a photo', async () => {
    const b = await k.underControl();
    const answers = await k.lowerAnswers(b);
    const missing = await complete(b.item.id, { answers });
    expectProblem(missing, 422, 'photo_required');
    expect(missing.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual([
      'counterOffer.reason',
      'counterOffer.photoKeys',
    ]);
    expectProblem(
      await complete(b.item.id, { answers, counterOffer: { reason: 'Écran rayé', photoKeys: [] } }),
      422,
      'photo_required',
    );
    // a key of a photo never uploaded for this item
    const notUploaded = await complete(b.item.id, {
      answers,
      counterOffer: { reason: 'Écran rayé', photoKeys: [`${randomUUID()}.png`] },
    });
    expectProblem(notUploaded, 422, 'photo_required');
    expect(notUploaded.json().violations[0].propertyPath).toBe('counterOffer.photoKeys.0');
    expect((await k.item(b.item.id)).status).toBe('item_awaiting_compliancy_tests');
    expect(
      await k.t.db.selectFrom('litigations').select('id').where('buyback_id', '=', b.id).execute(),
    ).toEqual([]);
  });

  it('refuses a counter-offer when the controlled price is not lower', async () => {
    const b = await k.underControl();
    const photo = await k.uploadPhoto(b.item.id);
    expectProblem(
      await complete(b.item.id, {
        answers: await k.declaredAnswers(b),
        counterOffer: { reason: 'Écran rayé', photoKeys: [photo.json().key] },
      }),
      422,
      'counter_offer_not_lower',
    );
  });

  it('a counter-offer opens a litigation, mails the customer and plans a reminder in 7 days; the item awaits the answer', async () => {
    const b = await k.underControl();
    const before = k.mailsTo(b.email).length;
    const offer = await k.counterOffer(b);
    expect(offer.item).toMatchObject({
      status: 'item_awaiting_compliancy_tests',
      buyback: { status: 'bb_in_processing' },
      controlledState: 'grade_b',
      validatedPriceCents: null,
    });
    expect(offer.litigation).toMatchObject({
      status: 'open',
      reason: 'Écran rayé',
      declaredPriceCents: b.totalCents,
      proposedPriceCents: offer.item.controlledPriceCents,
      mailsSent: 1,
      customerHasEmail: true,
    });
    expect(offer.litigation?.photos).toHaveLength(1);

    const mail = await k.nextMail(b.email, before);
    expect(mail.subject).toContain(b.identificationNumber);
    expect(mail.text).toContain(
      `http://demo-retail.localhost:3000/buyback/${b.id}/accept?token=${offer.token}`,
    );
    expect(mail.text).toContain(
      `http://demo-retail.localhost:3000/buyback/${b.id}/reject?token=${offer.token}`,
    );
    expect(mail.text).toContain('Écran rayé');
    // the comment is not shared with customers unless the retailer says so
    expect(mail.text).not.toContain('Micro-rayures sur l’écran');

    const stored = await k.t.db
      .selectFrom('litigations')
      .selectAll()
      .where('buyback_id', '=', b.id)
      .executeTakeFirstOrThrow();
    // only the token's hash is kept
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.token_hash).not.toContain(offer.token);

    // pg-boss's own table: the reminder job, due in 7 days
    const { rows } = await sql<{ start_after: Date }>`
      SELECT start_after FROM pgboss.job
       WHERE name = 'litigation-reminder' AND data->>'litigationId' = ${stored.id}`.execute(k.t.db);
    expect(rows).toHaveLength(1);
    const due = new Date(rows[0]?.start_after as Date).getTime() - Date.now();
    expect(due).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(due).toBeLessThan(7 * 86_400_000 + 60_000);

    const events = await history(b.item.id);
    expect(events.at(-1)).toMatchObject({
      fromStatus: 'item_awaiting_compliancy_tests',
      toStatus: 'item_awaiting_compliancy_tests',
      reason: 'counter_offer',
      comment: 'Micro-rayures sur l’écran',
    });

    // the control shows the counter-offer; it cannot be completed again nor put in quarantine meanwhile
    const spec = (await k.asOperator('GET', `/api/warehouse/control/${b.item.id}`)).json();
    expect(spec.litigation.id).toBe(offer.litigation?.id);
    expect(spec.photos.counterOffer).toEqual(offer.litigation?.photos);
    expectProblem(
      await complete(b.item.id, { answers: await k.declaredAnswers(b) }),
      409,
      'item_status_mismatch',
    );
    expectProblem(
      await k.asOperator('POST', `/api/warehouse/control/${b.item.id}/quarantine`, { reason: 'locked' }),
      409,
      'item_status_mismatch',
    );
  });
});

describe('proof photos', () => {
  it('stores a JPG or PNG checked by its content and answers it to the warehouse and the retailer', async () => {
    const b = await k.underControl();
    const res = await k.uploadPhoto(b.item.id);
    expect(res.statusCode, res.body).toBe(201);
    const { key, url } = res.json();
    expect(key).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(url).toBe(`/api/warehouse/control/${b.item.id}/photos/${key}`);
    const read = await k.asOperator('GET', url);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload.equals(PNG)).toBe(true);
    expect((await k.get('rmu', url)).statusCode).toBe(200);
    expectProblem(await k.get('otherRmu', url), 404, 'item_not_found');
  });

  it('refuses a file named .png that is not a PNG, and one over 5 MB (3 MB pass)', async () => {
    const b = await k.underControl();
    expectProblem(
      await k.uploadPhoto(b.item.id, Buffer.from('not an image at all'), 'proof.png'),
      422,
      'invalid_file',
    );
    // a phone photo of 3 MB passes (past the JSON body limit of 2 MB)
    expect(
      (await k.uploadPhoto(b.item.id, Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]))).statusCode,
    ).toBe(201);
    const large = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expectProblem(await k.uploadPhoto(b.item.id, large, 'large.png'), 413, 'file_too_large');
  });
});

describe('POST /warehouse/control/{itemId}/quarantine', () => {
  it('puts the item under control in quarantine with its reason', async () => {
    const b = await k.underControl();
    const res = await k.asOperator('POST', `/api/warehouse/control/${b.item.id}/quarantine`, {
      reason: 'locked',
      comment: 'Verrouillé iCloud',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'item_in_quarantine',
      quarantineReason: 'locked',
      stock: { nativeKind: 'in_quarantine' },
    });
    expectProblem(
      await k.asOperator('POST', `/api/warehouse/control/${b.item.id}/quarantine`, { reason: 'nope' }),
      422,
      'validation_failed',
    );
  });
});

describe('another buyer’s warehouse', () => {
  it('cannot start, read, estimate nor complete the control of an item it was not sent', async () => {
    const buyer = await addBuyer(k.t, 'Control other buyer');
    const auth = await addUser(k.t, {
      email: 'control-other-operator@example.test',
      accountId: buyer.accountId,
      module: 'rps',
      userType: 'warehouse_operator',
      organizationId: buyer.warehouseId,
    });
    const b = await k.underControl();
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      k.t.app.inject({ method, url, headers: { authorization: auth }, ...(payload ? { payload } : {}) });
    expectProblem(
      await as('POST', '/api/warehouse/control/start', { code: b.item.identificationNumber }),
      404,
      'item_not_found',
    );
    expectProblem(await as('GET', `/api/warehouse/control/${b.item.id}`), 404, 'item_not_found');
    expectProblem(
      await as('POST', `/api/warehouse/control/${b.item.id}/estimate`, {
        answers: await k.declaredAnswers(b),
      }),
      404,
      'item_not_found',
    );
    expectProblem(
      await as('POST', `/api/warehouse/control/${b.item.id}/complete`, {
        answers: await k.declaredAnswers(b),
      }),
      404,
      'item_not_found',
    );
    expect((await k.item(b.item.id)).status).toBe('item_awaiting_compliancy_tests');
  });
});
