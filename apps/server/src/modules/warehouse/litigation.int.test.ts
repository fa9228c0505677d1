import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/buyback-kit';
import { type ControlKit, PNG, startControlKit, visitorRequests } from '../../../test/control-kit';
import { DEMO } from '../../../test/test-app';
import { systemContext } from '../../platform/request-context';
import { remindLitigation } from './litigation.service';

/**
 * Litigation (litigation.service.ts): the customer answers a counter-offer
 * on the public site through its link's token (no sign-in), once; staff read it on the buyback and
 * send its mail again (a new token); the reminder goes once after 7 days while it is open.
 */

let k: ControlKit;

/** A visitor's request, each from its own address (the public answers are throttled by address). */
const visitor = visitorRequests(() => k, 77);
const proposal = (buybackId: string, token: string) =>
  visitor('GET', `/api/public/litigations/${buybackId}?token=${encodeURIComponent(token)}`);
const answer = (buybackId: string, choice: 'accept' | 'reject', token: string) =>
  visitor('POST', `/api/public/litigations/${buybackId}/${choice}`, { token });

const history = async (itemId: string) =>
  (await k.asOperator('GET', `/api/items/${itemId}/history`)).json().member as {
    toStatus: string;
    reason: string;
    by: unknown;
    stock: { nativeKind: string | null } | null;
  }[];

const remind = (litigationId: string, token: string) =>
  remindLitigation(systemContext(k.t.deps, { kind: 'all' }), { litigationId, token }, randomUUID());

beforeAll(async () => {
  k = await startControlKit();
});
afterAll(() => k.close());

describe('the public proposal', () => {
  it('shows the proposal to whoever holds the link: product, prices, reason, photos through the token', async () => {
    const b = await k.underControl();
    const offer = await k.counterOffer(b);
    const res = await proposal(b.id, offer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      buybackId: b.id,
      identificationNumber: b.identificationNumber,
      product: { name: b.product.name, brand: 'Apple' },
      declaredPriceCents: b.totalCents,
      proposedPriceCents: offer.item.controlledPriceCents,
      reason: 'Écran rayé',
      // not shared with customers by the retailer's rules
      warehouseComment: null,
    });
    expect(body.photos).toHaveLength(1);
    const photo = await visitor('GET', body.photos[0]);
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(PNG)).toBe(true);
    const withoutToken = await visitor(
      'GET',
      body.photos[0].replace(/token=[^&]+/, `token=${'x'.repeat(43)}`),
    );
    expectProblem(withoutToken, 404, 'litigation_link_invalid');
  });

  it('shows the warehouse comment when the retailer shares it with its customers', async () => {
    await k.t.db
      .updateTable('organization_root_details')
      .set({ is_warehouse_comment_shared_to_client: true })
      .where('account_id', '=', DEMO.accounts.demoRetail)
      .execute();
    try {
      const b = await k.underControl();
      const before = k.mailsTo(b.email).length;
      const offer = await k.counterOffer(b);
      expect((await proposal(b.id, offer.token)).json().warehouseComment).toBe('Micro-rayures sur l’écran');
      expect((await k.nextMail(b.email, before)).text).toContain('Micro-rayures sur l’écran');
    } finally {
      await k.t.db
        .updateTable('organization_root_details')
        .set({ is_warehouse_comment_shared_to_client: false })
        .where('account_id', '=', DEMO.accounts.demoRetail)
        .execute();
    }
  });

  it('answers litigation_link_invalid for a wrong token or another buyback', async () => {
    const b = await k.underControl();
    const offer = await k.counterOffer(b);
    expectProblem(await proposal(b.id, 'not-the-token'), 404, 'litigation_link_invalid');
    expectProblem(await proposal(randomUUID(), offer.token), 404, 'litigation_link_invalid');
    expectProblem(await answer(b.id, 'accept', 'not-the-token'), 404, 'litigation_link_invalid');
    expectProblem(await visitor('GET', `/api/public/litigations/${b.id}`), 422, 'validation_failed');
    expect((await k.item(b.item.id)).status).toBe('item_awaiting_compliancy_tests');
  });
});

describe('the customer’s answer', () => {
  it('accepting completes the buyback at the proposed price, paid within 5 business days; a second answer is refused', async () => {
    const b = await k.underControl();
    const offer = await k.counterOffer(b);
    const res = await answer(b.id, 'accept', offer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'accepted',
      proposedPriceCents: offer.item.controlledPriceCents,
      currency: 'EUR',
      paymentWithinBusinessDays: 5,
    });
    expect(await k.item(b.item.id)).toMatchObject({
      status: 'item_completed_with_negociation',
      validated_price_cents: offer.item.controlledPriceCents,
    });
    const buyback = (await k.get('rmu', `/api/buybacks/${b.id}`)).json();
    expect(buyback.status).toBe('bb_completed_with_negociation');
    expect(buyback.allowedActions.resendLitigationMail).toBe(false);
    // the customer's move names no user
    expect((await history(b.item.id)).at(-1)).toMatchObject({
      toStatus: 'item_completed_with_negociation',
      reason: 'litigation_accepted',
      by: null,
    });
    const litigation = (await k.get('rmu', `/api/buybacks/${b.id}/litigation`)).json().litigation;
    expect(litigation).toMatchObject({ status: 'accepted' });
    expect(litigation.resolvedAt).not.toBeNull();

    const twice = await answer(b.id, 'reject', offer.token);
    expectProblem(twice, 409, 'litigation_already_resolved');
    expect(twice.json().answer).toBe('accepted');
    const read = await proposal(b.id, offer.token);
    expectProblem(read, 409, 'litigation_already_resolved');
    expect(read.json().answer).toBe('accepted');
  });

  it('declining sends the product back: item to return in the customer-return stock, buyback not completed', async () => {
    const b = await k.underControl();
    const offer = await k.counterOffer(b);
    const res = await answer(b.id, 'reject', offer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', paymentWithinBusinessDays: null });
    const item = (await k.asOperator('GET', `/api/items/${b.item.id}`)).json();
    expect(item).toMatchObject({
      status: 'item_to_return',
      buyback: { status: 'bb_not_completed' },
      stock: { nativeKind: 'customer_return' },
      validatedPriceCents: null,
    });
    expect((await history(b.item.id)).at(-1)).toMatchObject({ reason: 'litigation_rejected', by: null });
    const again = await answer(b.id, 'accept', offer.token);
    expectProblem(again, 409, 'litigation_already_resolved');
    expect(again.json().answer).toBe('rejected');
  });

  it('is throttled per address', async () => {
    const b = await k.underControl();
    const offer = await k.counterOffer(b);
    const from = (remoteAddress: string) =>
      k.t.app.inject({
        method: 'GET',
        url: `/api/public/litigations/${b.id}?token=${offer.token}`,
        remoteAddress,
      });
    for (let i = 0; i < 100; i += 1) expect((await from('10.88.0.1')).statusCode).toBe(200);
    const refused = await from('10.88.0.1');
    expectProblem(refused, 429, 'too_many_attempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('10.88.0.2')).statusCode).toBe(200);
  });
});

describe('the litigation on the buyback', () => {
  it('the retailer and the warehouse read it; another retailer does not', async () => {
    const b = await k.underControl();
    const offer = await k.counterOffer(b);
    const asRetailer = await k.get('rmu', `/api/buybacks/${b.id}/litigation`);
    expect(asRetailer.statusCode, asRetailer.body).toBe(200);
    expect(asRetailer.json().litigation).toMatchObject({
      id: offer.litigation?.id,
      status: 'open',
      mailsSent: 1,
      photos: offer.litigation?.photos,
    });
    expect(asRetailer.json().litigation.createdBy).not.toBeNull();
    expect((await k.asOperator('GET', `/api/buybacks/${b.id}/litigation`)).json().litigation.id).toBe(
      offer.litigation?.id,
    );
    expectProblem(await k.get('otherRmu', `/api/buybacks/${b.id}/litigation`), 404, 'not_found');
    // a buyback without counter-offer has none
    const plain = await k.createBuyback();
    expect((await k.get('rmu', `/api/buybacks/${plain.id}/litigation`)).json()).toEqual({ litigation: null });
    // the detail offers to send the mail again to those who may
    expect((await k.get('rmu', `/api/buybacks/${b.id}`)).json().allowedActions.resendLitigationMail).toBe(
      true,
    );
    expect((await k.get('seller', `/api/buybacks/${b.id}`)).json().allowedActions.resendLitigationMail).toBe(
      false,
    );
  });

  it('sending the mail again issues a new token: the earlier links stop working', async () => {
    const b = await k.underControl();
    const offer = await k.counterOffer(b);
    const before = k.mailsTo(b.email).length;
    const res = await k.post('rmu', `/api/buybacks/${b.id}/litigation/resend`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'open', mailsSent: 2 });
    expect(res.json().lastMailAt).not.toBeNull();
    const mail = await k.nextMail(b.email, before);
    expect(mail.token).toBeTruthy();
    expect(mail.token).not.toBe(offer.token);
    expectProblem(await proposal(b.id, offer.token), 404, 'litigation_link_invalid');
    expect((await proposal(b.id, mail.token as string)).statusCode).toBe(200);
    expectProblem(await answer(b.id, 'accept', offer.token), 404, 'litigation_link_invalid');
    expect((await answer(b.id, 'accept', mail.token as string)).statusCode).toBe(200);
    expectProblem(await k.post('rmu', `/api/buybacks/${b.id}/litigation/resend`), 409, 'no_open_litigation');
  });

  it('only those who may send litigation mails, on buybacks they see', async () => {
    const b = await k.underControl();
    await k.counterOffer(b);
    expectProblem(await k.post('seller', `/api/buybacks/${b.id}/litigation/resend`), 403, 'forbidden');
    expectProblem(await k.post('otherRmu', `/api/buybacks/${b.id}/litigation/resend`), 404, 'not_found');
    // the buyer's warehouse manager may (quarantine.send_mail)
    expect((await k.post('warehouse', `/api/buybacks/${b.id}/litigation/resend`)).statusCode).toBe(200);
    const plain = await k.underControl();
    expectProblem(
      await k.post('rmu', `/api/buybacks/${plain.id}/litigation/resend`),
      409,
      'no_open_litigation',
    );
  });
});

describe('the reminder after 7 days', () => {
  it('sends the mail once more, with the same links, while the counter-offer is open', async () => {
    const b = await k.underControl();
    const offer = await k.counterOffer(b);
    const id = offer.litigation?.id as string;
    const before = k.mailsTo(b.email).length;
    await remind(id, offer.token);
    const mail = await k.nextMail(b.email, before);
    // the subject is MIME-encoded (=?UTF-8?Q?Rappel_:_…)
    expect(mail.subject).toMatch(/^=\?UTF-8\?Q\?Rappel_:_/);
    expect(mail.token).toBe(offer.token);
    const row = await k.t.db
      .selectFrom('litigations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.reminder_sent_at).not.toBeNull();
    expect(row.mails_sent).toBe(2);
    // once only
    await remind(id, offer.token);
    await k.t.jobsSettled();
    expect(k.mailsTo(b.email)).toHaveLength(before + 1);
  });

  it('sends nothing once the customer has answered', async () => {
    const b = await k.underControl();
    const offer = await k.counterOffer(b);
    expect((await answer(b.id, 'reject', offer.token)).statusCode).toBe(200);
    const before = k.mailsTo(b.email).length;
    await remind(offer.litigation?.id as string, offer.token);
    await k.t.jobsSettled();
    expect(k.mailsTo(b.email)).toHaveLength(before);
    const row = await k.t.db
      .selectFrom('litigations')
      .select('reminder_sent_at')
      .where('id', '=', offer.litigation?.id as string)
      .executeTakeFirstOrThrow();
    expect(row.reminder_sent_at).toBeNull();
  });

  it('after a resend, the reminder carries working links (a new token)', async () => {
    const b = await k.underControl();
    const offer = await k.counterOffer(b);
    const resent = k.mailsTo(b.email).length;
    expect((await k.post('rmu', `/api/buybacks/${b.id}/litigation/resend`)).statusCode).toBe(200);
    await k.nextMail(b.email, resent);
    const before = resent + 1;
    await remind(offer.litigation?.id as string, offer.token);
    const mail = await k.nextMail(b.email, before);
    expect(mail.token).not.toBe(offer.token);
    expect((await proposal(b.id, mail.token as string)).statusCode).toBe(200);
  });
});
