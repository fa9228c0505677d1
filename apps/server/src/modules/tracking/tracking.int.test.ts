import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, PM } from '../../../test/buyback-kit';
import { type ControlKit, startControlKit } from '../../../test/control-kit';

/**
 * The customer's tracking page (docs/tracking.md): the token's secrecy, what the page shows, the
 * mails of each step with their links, unsubscribing, expiry and revocation.
 */

const DEMO_HOST = 'demo-retail.localhost:3000';
const OTHER_HOST = 'other-retail.localhost:3000';

let k: ControlKit;
let address = 0;

/** A visitor's request on a site's host, each from its own address (the answers are throttled by address). */
function open(token: string, options: { host?: string; path?: string; method?: 'GET' | 'POST' } = {}) {
  address += 1;
  return k.t.app.inject({
    method: options.method ?? 'GET',
    url: `/api/tracking/${token}${options.path ?? ''}`,
    headers: { host: options.host ?? DEMO_HOST },
    remoteAddress: `10.27.${Math.floor(address / 250)}.${address % 250}`,
  });
}

const tokenOfUrl = (url: string) => /\/tracking\/([A-Za-z0-9_-]+)$/.exec(url)?.[1] as string;

/** The buyback's link as its seller sees it on the detail, and its token. */
async function linkOf(buybackId: string, who: 'seller' | 'rmu' = 'seller') {
  const res = await k.get(who, `/api/buybacks/${buybackId}/tracking-link`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { ...body, token: body.url ? tokenOfUrl(body.url) : null };
}

const paymentOf = (buybackId: string) =>
  k.t.db.selectFrom('payments').selectAll().where('buyback_id', '=', buybackId).executeTakeFirstOrThrow();

async function markPaid(buybackId: string) {
  const payment = await paymentOf(buybackId);
  const res = await k.post('rmu', `/api/payments/${payment.id}/mark-paid`, {});
  expect(res.statusCode, res.body).toBe(200);
}

/** A buyback taken to the end of the control, its price accepted as declared. */
async function controlled() {
  const b = await k.underControl();
  const done = await k.asOperator('POST', `/api/warehouse/control/${b.item.id}/complete`, {
    answers: await k.declaredAnswers(b),
  });
  expect(done.statusCode, done.body).toBe(200);
  return b;
}

/** The mail whose text says this (subjects may reach the peer split into encoded words). */
async function mailWith(email: string, subjectPart: string) {
  const start = Date.now();
  for (;;) {
    const mail = allMailsTo(email).find((m) => m.text.includes(subjectPart));
    if (mail) return mail;
    if (Date.now() - start > 10_000) throw new Error(`no mail "${subjectPart}" to ${email}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Every mail to the address, the progress mails included (the kit's `mailsTo` leaves them out). */
const allMailsTo = (email: string) => k.t.smtp.mails.filter((m) => m.to.includes(email));

beforeAll(async () => {
  k = await startControlKit();
});
afterAll(() => k.close());

describe('the tracking token', () => {
  it('is random, neither the id nor the number; only its SHA-256 and an encrypted copy are stored', async () => {
    const b = await k.createBuyback();
    const link = await linkOf(b.id);
    expect(link.url).toBe(`http://${DEMO_HOST}/tracking/${link.token}`);
    // 256 bits in base64url
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.token).not.toContain(b.id);
    expect(link.token).not.toContain(b.identificationNumber);
    const rows = await k.t.db
      .selectFrom('tracking_links')
      .selectAll()
      .where('buyback_id', '=', b.id)
      .execute();
    expect(rows).toHaveLength(1);
    const row = rows[0] as (typeof rows)[number];
    expect(row.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(row.token_encrypted).toMatch(/^v1:/);
    expect(row.token_encrypted).not.toContain(link.token);
    // asking again shows the same link
    expect((await linkOf(b.id)).token).toBe(link.token);
  });

  it('opens the page on its own site only: unknown, another retailer host and the back office answer the same 404', async () => {
    const b = await k.createBuyback();
    const { token } = await linkOf(b.id);
    expect((await open(token)).statusCode).toBe(200);
    await k.t.db
      .updateTable('accounts')
      .set({ site_active: true })
      .where('id', '=', DEMO.accounts.otherRetail)
      .execute();
    try {
      const unknown = await open('x'.repeat(43));
      const otherSite = await open(token, { host: OTHER_HOST });
      const backOffice = await open(token, { host: 'localhost:3000' });
      for (const res of [unknown, otherSite, backOffice]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('tracking_link_not_found');
        expect(res.json().detail).toBe(unknown.json().detail);
      }
    } finally {
      await k.t.db
        .updateTable('accounts')
        .set({ site_active: false })
        .where('id', '=', DEMO.accounts.otherRetail)
        .execute();
    }
  });

  it("another retailer's staff cannot read nor revoke the link", async () => {
    const b = await k.createBuyback();
    expect((await k.get('otherRmu', `/api/buybacks/${b.id}/tracking-link`)).statusCode).toBe(404);
    expect((await k.post('otherRmu', `/api/buybacks/${b.id}/tracking-link/revoke`)).statusCode).toBe(404);
  });

  it('answers only what the customer gave and the buyback’s own facts', async () => {
    const b = await k.createBuyback();
    const { token } = await linkOf(b.id);
    const res = await open(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json();
    expect(Object.keys(page).sort()).toEqual(
      [
        'buybackNumber',
        'circuitType',
        'currency',
        'documents',
        'ended',
        'expiresAt',
        'language',
        'nextStep',
        'offerCents',
        'paymentType',
        'productName',
        'progressMails',
        'support',
        'timeline',
      ].sort(),
    );
    expect(page).toMatchObject({
      buybackNumber: b.identificationNumber,
      offerCents: b.totalCents,
      ended: false,
      documents: ['transfer-order'],
      support: { retailer: 'Demo Retail' },
      nextStep: { step: 'store_shipment' },
    });
    expect(page.timeline.map((e: { step: string }) => e.step)).toEqual(['declared']);
    // no internal id of the buyback, its item, store, customer or seller; no staff names
    const text = res.body;
    for (const id of [b.id, b.item.id, b.store?.id, DEMO.orgs.storeParis].filter(Boolean))
      expect(text).not.toContain(id as string);
    expect(text).not.toMatch(/seller|store_seller@|Paris/i);
    const pdf = await open(token, { path: '/documents/transfer-order' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // a document the buyback has not: the same as not found
    expect((await open(token, { path: '/documents/voucher' })).statusCode).toBe(404);
  });
});

describe('the rate limit', () => {
  it('one address gets 429 after 120 calls in the window, whatever the tokens', async () => {
    const call = () =>
      k.t.app.inject({
        method: 'GET',
        url: `/api/tracking/${'y'.repeat(43)}`,
        headers: { host: DEMO_HOST },
        remoteAddress: '10.28.0.1',
      });
    for (let i = 0; i < 120; i++) expect((await call()).statusCode).toBe(404);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
  });
});

describe('the steps and their mails', () => {
  it('mails received, controlled and paid, each with the tracking and unsubscribe links, in the transaction of the step', async () => {
    const b = await controlled();
    const received = await mailWith(b.email, 'est arrivé à notre entrepôt');
    const { token } = await linkOf(b.id);
    expect(received.text).toContain(`http://${DEMO_HOST}/tracking/${token}`);
    expect(received.text).toContain(`http://${DEMO_HOST}/tracking/${token}/unsubscribe`);
    await mailWith(b.email, 'son état correspond');
    await markPaid(b.id);
    const paid = await mailWith(b.email, 'Nous vous avons payé');
    expect(paid.text).toContain(`/tracking/${token}`);
    const page = (await open(token)).json();
    expect(page.timeline.map((e: { step: string }) => e.step)).toEqual([
      'declared',
      'sent',
      'received',
      'controlled',
      'paid',
    ]);
    expect(page.timeline.find((e: { step: string }) => e.step === 'controlled').outcome).toBe('accepted');
    expect(page.timeline.find((e: { step: string }) => e.step === 'paid').paymentType).toBe('bank_transfer');
    expect(page.ended).toBe(true);
    expect(page.nextStep).toBeNull();
    // the link expires 90 days (the default) after the payment
    const paidAt = new Date(page.timeline.at(-1).at).getTime();
    expect(new Date(page.expiresAt).getTime() - paidAt).toBe(90 * 86_400_000);
  });

  it('adds the links to the counter-offer mail (no second mail) and offers its answer links while open', async () => {
    const b = await k.underControl();
    const offer = await k.counterOffer(b);
    const { token } = await linkOf(b.id);
    const mail = k.mailsTo(b.email).find((m) => m.text.includes('/accept?token='));
    expect(mail?.text).toContain(`/tracking/${token}`);
    await k.t.jobsSettled();
    expect(allMailsTo(b.email).filter((m) => m.text.includes('son état correspond'))).toHaveLength(0);
    const page = (await open(token)).json();
    const event = page.timeline.find((e: { step: string }) => e.step === 'counter_offer');
    expect(event.counterOffer).toMatchObject({
      status: 'open',
      acceptUrl: `/buyback/${b.id}/accept?token=${offer.token}`,
    });
    expect(page.nextStep).toEqual({ step: 'answer_counter_offer', expectedBy: null });
  });

  it('the IBAN request mail carries the links too', async () => {
    const b = await k.underControl({ paymentModeId: PM.noIbanTransfer });
    await k.asOperator('POST', `/api/warehouse/control/${b.item.id}/complete`, {
      answers: await k.declaredAnswers(b),
    });
    const mail = await mailWith(b.email, 'Il nous manque votre IBAN');
    expect(mail.text).toMatch(/\/tracking\/[A-Za-z0-9_-]{43}\s/);
  });
});

describe('unsubscribing', () => {
  it('stops the optional progress mails and keeps the payment notice', async () => {
    const b = await k.sentBuyback();
    const { token } = await linkOf(b.id);
    const res = await open(token, { path: '/unsubscribe', method: 'POST' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ progressMails: false });
    expect((await open(token)).json().progressMails).toBe(false);
    const started = await k.asOperator('POST', '/api/warehouse/control/start', {
      code: b.item.identificationNumber,
    });
    expect(started.statusCode, started.body).toBe(200);
    const done = await k.asOperator('POST', `/api/warehouse/control/${b.item.id}/complete`, {
      answers: await k.declaredAnswers(b),
    });
    expect(done.statusCode, done.body).toBe(200);
    await markPaid(b.id);
    await mailWith(b.email, 'Nous vous avons payé');
    await k.t.jobsSettled();
    expect(
      allMailsTo(b.email).some((m) => /est arrivé à notre entrepôt|son état correspond/.test(m.text)),
    ).toBe(false);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'tracking_link')
      .execute();
    expect(audit.some((a) => JSON.stringify(a.after).includes('progressMails'))).toBe(true);
  });
});

describe('expiry and revocation', () => {
  it('honours the account’s days after the end: the link expires once they have passed', async () => {
    const detail = await k.t.db
      .selectFrom('organization_root_details')
      .select('id')
      .where('account_id', '=', DEMO.accounts.demoRetail)
      .executeTakeFirstOrThrow();
    const bad = await k.t.app.inject({
      method: 'PATCH',
      url: `/api/organization-root-details/${detail.id}`,
      headers: {
        authorization: (await k.t.login('root_management_unit_manager@demo.test')).authorization,
        'content-type': 'application/merge-patch+json',
      },
      payload: { trackingLinkDaysAfterEnd: 0 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations[0]).toMatchObject({
      propertyPath: 'trackingLinkDaysAfterEnd',
      message: 'tracking_link_days',
    });
    const b = await controlled();
    await markPaid(b.id);
    const { token } = await linkOf(b.id);
    expect((await open(token)).statusCode).toBe(200);
    const set = await k.t.app.inject({
      method: 'PATCH',
      url: `/api/organization-root-details/${detail.id}`,
      headers: {
        authorization: (await k.t.login('root_management_unit_manager@demo.test')).authorization,
        'content-type': 'application/merge-patch+json',
      },
      payload: { trackingLinkDaysAfterEnd: 1 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().trackingLinkDaysAfterEnd).toBe(1);
    try {
      // the payment two days ago: past the one day after the end
      await k.t.db
        .updateTable('payments')
        .set({ paid_at: sql<Date>`now() - interval '2 days'` })
        .where('buyback_id', '=', b.id)
        .execute();
      const expired = await open(token);
      expect(expired.statusCode).toBe(404);
      expect(expired.json().code).toBe('tracking_link_not_found');
    } finally {
      await k.t.db
        .updateTable('organization_root_details')
        .set({ tracking_link_days_after_end: 90 })
        .where('id', '=', detail.id)
        .execute();
    }
    expect((await open(token)).statusCode).toBe(200);
  });

  it('a revoked link answers 404 at once; revoking is audited and needs the permission; a re-issued one opens', async () => {
    const b = await k.createBuyback();
    const { token } = await linkOf(b.id);
    expect((await k.post('analyst', `/api/buybacks/${b.id}/tracking-link/revoke`)).statusCode).toBe(403);
    const revoked = await k.post('seller', `/api/buybacks/${b.id}/tracking-link/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ url: null, revokedAt: expect.any(String) });
    expect((await open(token)).statusCode).toBe(404);
    expect((await open(token, { path: '/documents/transfer-order' })).statusCode).toBe(404);
    const entries = await k.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'tracking_link')
      .where('action', '=', 'update')
      .execute();
    expect(entries.some((e) => JSON.stringify(e.after).includes('"revoked":true'))).toBe(true);
    // revoking again: nothing live to revoke
    expect((await k.post('seller', `/api/buybacks/${b.id}/tracking-link/revoke`)).statusCode).toBe(409);
    const reissued = await k.post('seller', `/api/buybacks/${b.id}/tracking-link/reissue`);
    expect(reissued.statusCode, reissued.body).toBe(200);
    const fresh = tokenOfUrl(reissued.json().url);
    expect(fresh).not.toBe(token);
    expect((await open(fresh)).statusCode).toBe(200);
    expect((await open(token)).statusCode).toBe(404);
  });
});
