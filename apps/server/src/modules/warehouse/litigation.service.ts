import {
  type BuybackLitigationResponse,
  LITIGATION_PAYMENT_BUSINESS_DAYS,
  LITIGATION_REMINDER_DAYS,
  type LitigationAnswer,
  type LitigationAnswerResponse,
  type LitigationResponse,
  type PublicLitigationResponse,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, notFound, tooManyAttempts } from '../../platform/errors';
import { followUpJobId } from '../../platform/jobs';
import { queueMail } from '../../platform/mail';
import {
  type BaseContext,
  type BaseTxContext,
  type RequestContext,
  systemContext,
  type TxContext,
  transact,
} from '../../platform/request-context';
import { hashToken, newToken } from '../../platform/security';
import { countAttempt } from '../auth';
import type { ItemRow } from '../buyback-lifecycle';
import { findNativeStock, findVisibleBuyback, moveItem, requireStatus } from '../buyback-lifecycle';
import { withTrackingLinks } from '../tracking-links';
import { litigationMail } from './litigation.mails';
import { answerLinks, photoStorageKey, toLitigationResponse, toPublicLitigation } from './litigation.mapper';
import * as repo from './litigation.repository';

/**
 * Litigation: the counter-offer a control makes when the controlled price
 * is below the declared one and no absorption covers it. The customer gets a mail with two links
 * to the retailer's public site holding a token (only its SHA-256 is kept); accepting completes the
 * buyback at the proposed price (item_completed_with_negociation), declining sends the product
 * back (item_to_return, in the warehouse's customer-return stock). An open litigation's mail is
 * sent once more after 7 days (the `litigation-reminder` job), and staff may send it again, which
 * issues a new token: the links of earlier mails stop working.
 */

const DAY_MS = 86_400_000;

/** The keyring purpose of the answer token kept encrypted for the tracking page (modules/tracking reads it). */
const ANSWER_TOKEN_PURPOSE = 'litigation-answer';

/** Answers one address may check or give in the window before it waits (the token is 256 bits: this stops floods, not guesses). */
const PUBLIC_LIMIT = { windowMs: 15 * 60_000, allowed: 100, firstBlockMs: 60_000, maxBlockMs: 60 * 60_000 };

export interface LitigationReminderJob {
  litigationId: string;
  /** The token of the first mail's links, kept so that the reminder's links are the same. */
  token: string;
}

type AnyTx = BaseTxContext;

/** Queues the proposal's mail (none without a customer e-mail) and counts it; true when queued. */
async function mailProposal(
  tx: AnyTx,
  litigationId: string,
  token: string,
  options: { reminder: boolean; jobId?: string },
): Promise<boolean> {
  const facts = await repo.findLitigationMailFacts(tx, litigationId);
  if (!facts?.customer_email) return false;
  const links = answerLinks(tx.deps.config.publicUrl, facts, facts.buyback_id, token);
  const message = litigationMail(
    {
      to: facts.customer_email,
      language: facts.language,
      customerFirstName: facts.customer_first_name,
      buybackNumber: facts.identification_number,
      productName: facts.product_name,
      declaredPriceCents: facts.declared_price_cents,
      proposedPriceCents: facts.proposed_price_cents,
      currency: facts.currency,
      reason: facts.reason,
      sharedComment: facts.warehouse_comment_shared ? facts.warehouse_comment : null,
      ...links,
    },
    { reminder: options.reminder },
  );
  // the tracking page offers the same answer links while the offer is open (docs/tracking.md)
  await repo.updateLitigation(
    tx,
    { id: litigationId },
    {
      answer_token_encrypted: tx.deps.keyring.encrypt(ANSWER_TOKEN_PURPOSE, token),
    },
  );
  await queueMail(
    tx.deps.jobs,
    tx.trx,
    await withTrackingLinks(
      tx,
      { id: facts.buyback_id, account_id: facts.account_id },
      facts.language,
      message,
    ),
    options.jobId ? { id: followUpJobId(options.jobId, 'mail') } : {},
  );
  await repo.countMailSent(tx, { id: litigationId });
  return true;
}

/**
 * Opens the counter-offer of a control (control.service.ts), in its transaction: the litigation,
 * its mail, and the reminder due in 7 days.
 */
export async function openLitigation(
  tx: TxContext,
  item: ItemRow,
  offer: { reason: string; photoKeys: string[]; declaredPriceCents: number; proposedPriceCents: number },
): Promise<LitigationResponse> {
  const { token, hash } = newToken();
  const id = await repo.insertLitigation(tx, {
    buybackId: item.buyback_id,
    itemId: item.id,
    accountId: item.account_id,
    buyerAccountId: item.buyer_account_id,
    reason: offer.reason,
    declaredPriceCents: offer.declaredPriceCents,
    proposedPriceCents: offer.proposedPriceCents,
    photoKeys: offer.photoKeys,
    tokenHash: hash,
    createdBy: tx.actor.userId,
  });
  await mailProposal(tx, id, token, { reminder: false });
  const job: LitigationReminderJob = { litigationId: id, token };
  await tx.deps.jobs.send(tx.trx, 'litigation-reminder', job, {
    startAfter: new Date(Date.now() + LITIGATION_REMINDER_DAYS * DAY_MS),
  });
  await audit(tx, {
    action: 'create',
    entityType: 'litigation',
    entityId: id,
    accountId: item.account_id,
    after: {
      buybackId: item.buyback_id,
      itemId: item.id,
      reason: offer.reason,
      declaredPriceCents: offer.declaredPriceCents,
      proposedPriceCents: offer.proposedPriceCents,
      photoKeys: offer.photoKeys,
    },
  });
  return toLitigationResponse((await repo.findLitigation(tx, id)) as repo.LitigationRow);
}

/** `GET /buybacks/{id}/litigation`: the latest counter-offer of a buyback the actor sees. */
export async function getBuybackLitigation(
  ctx: RequestContext,
  buybackId: string,
): Promise<BuybackLitigationResponse> {
  if (!(await findVisibleBuyback(ctx, { id: buybackId }))) throw notFound('buyback');
  const row = await repo.findLatestLitigation(ctx, buybackId);
  return { litigation: row ? toLitigationResponse(row) : null };
}

/**
 * `POST /buybacks/{id}/litigation/resend`: the open counter-offer's mail again, with a new token
 * (the links of earlier mails stop working: `litigation_link_invalid`).
 */
export async function resendLitigationMail(
  ctx: RequestContext,
  buybackId: string,
): Promise<LitigationResponse> {
  return transact(ctx, async (tx) => {
    if (!(await findVisibleBuyback(tx, { id: buybackId }, { forUpdate: true }))) throw notFound('buyback');
    const open = await repo.findOpenLitigation(tx, buybackId, { forUpdate: true });
    if (!open)
      throw new AppError('no_open_litigation', 'This buyback has no counter-offer awaiting an answer.');
    if (!open.customer_email)
      throw new AppError(
        'customer_email_missing',
        'The customer has no e-mail address: no mail can be sent.',
      );
    const { token, hash } = newToken();
    await repo.updateLitigation(tx, open, { token_hash: hash });
    await mailProposal(tx, open.id, token, { reminder: false });
    await audit(tx, {
      action: 'update',
      entityType: 'litigation',
      entityId: open.id,
      accountId: open.account_id,
      before: { mailsSent: open.mails_sent },
      after: { mailsSent: open.mails_sent + 1, resent: true },
    });
    return toLitigationResponse((await repo.findLitigation(tx, open.id)) as repo.LitigationRow);
  });
}

/** The `litigation-reminder` job: an open counter-offer's mail once more, 7 days after it was made. */
export async function remindLitigation(
  ctx: BaseContext,
  job: LitigationReminderJob,
  jobId: string,
): Promise<void> {
  const found = await repo.findLitigation(ctx, job.litigationId);
  if (found?.status !== 'open' || found.reminder_sent_at) return;
  await transact(systemContext(ctx.deps, { kind: 'account', accountId: found.account_id }), async (tx) => {
    const litigation = await repo.findLitigation(tx, job.litigationId, { forUpdate: true });
    if (litigation?.status !== 'open' || litigation.reminder_sent_at) return;
    let token = job.token;
    // staff sent it again since, with a new token: the reminder's links must work, so it takes a new one
    if (hashToken(token) !== litigation.token_hash) {
      const fresh = newToken();
      token = fresh.token;
      await repo.updateLitigation(tx, litigation, { token_hash: fresh.hash });
    }
    await repo.updateLitigation(tx, litigation, { reminder_sent_at: new Date() });
    await mailProposal(tx, litigation.id, token, { reminder: true, jobId });
    await audit(tx, {
      action: 'update',
      entityType: 'litigation',
      entityId: litigation.id,
      accountId: litigation.account_id,
      after: { reminderSent: true },
    });
  });
}

// ---------- the customer's answer (public site, no sign-in: the token is the credential) ----------

async function throttle(ctx: BaseContext, ip: string): Promise<void> {
  const { refusedForMs } = await countAttempt(ctx.db, `litigation:${ip}`, PUBLIC_LIMIT);
  if (refusedForMs > 0) throw tooManyAttempts(refusedForMs, 'Too many requests');
}

const linkInvalid = () =>
  new AppError(
    'litigation_link_invalid',
    'This link is not valid (any more): use the latest mail you received.',
  );

/** The litigation of the link: open, else `litigation_already_resolved` saying which answer was given. */
function requireOpen(litigation: repo.LitigationRow | undefined): repo.LitigationRow {
  if (!litigation) throw linkInvalid();
  if (litigation.status !== 'open')
    throw new AppError(
      'litigation_already_resolved',
      `This proposal has already been ${litigation.status === 'accepted' ? 'accepted' : 'declined'}.`,
      undefined,
      undefined,
      { answer: litigation.status },
    );
  return litigation;
}

/** `GET /public/litigations/{buybackId}?token=`: the proposal the customer answers. */
export async function getPublicLitigation(
  ctx: BaseContext,
  buybackId: string,
  token: string,
  client: { ip: string },
): Promise<PublicLitigationResponse> {
  await throttle(ctx, client.ip);
  const litigation = requireOpen(await repo.findLitigationByToken(ctx, buybackId, hashToken(token)));
  const facts = await repo.findPublicFacts(ctx, litigation.id);
  if (!facts) throw linkInvalid();
  return toPublicLitigation(litigation, facts, token);
}

/** A proof photo of the proposal, for the customer's page (the link's token, whatever the answer). */
export async function readPublicPhoto(
  ctx: BaseContext,
  buybackId: string,
  token: string,
  key: string,
  client: { ip: string },
): Promise<{ key: string; data: Buffer }> {
  await throttle(ctx, client.ip);
  const litigation = await repo.findLitigationByToken(ctx, buybackId, hashToken(token));
  if (!litigation) throw linkInvalid();
  if (!litigation.photo_keys.includes(key)) throw notFound('photo');
  const data = await ctx.deps.storage.get(photoStorageKey(litigation.item_id, key));
  if (!data) throw notFound('photo');
  return { key, data };
}

/**
 * `POST /public/litigations/{buybackId}/accept` and `/reject`: the customer's answer, once. The
 * moves are the customer's (no user: the item's history names nobody).
 */
export async function answerLitigation(
  ctx: BaseContext,
  buybackId: string,
  token: string,
  answer: LitigationAnswer,
  client: { ip: string },
): Promise<LitigationAnswerResponse> {
  await throttle(ctx, client.ip);
  const hash = hashToken(token);
  const found = await repo.findLitigationByToken(ctx, buybackId, hash);
  if (!found) throw linkInvalid();
  const scoped = systemContext(ctx.deps, { kind: 'account', accountId: found.account_id }, ctx.locale);
  return transact(scoped, async (tx) => {
    const litigation = requireOpen(
      await repo.findLitigationByToken(tx, buybackId, hash, { forUpdate: true }),
    );
    const item = await repo.findItemForUpdate(tx, litigation.item_id);
    if (!item) throw linkInvalid();
    requireStatus(item, ['item_awaiting_compliancy_tests']);
    if (answer === 'accepted') {
      await moveItem(tx, item, {
        to: 'item_completed_with_negociation',
        reason: 'litigation_accepted',
        columns: { validated_price_cents: litigation.proposed_price_cents, absorbed_cents: 0 },
      });
    } else {
      const stock = item.warehouse_id
        ? await findNativeStock(tx, item.warehouse_id, 'customer_return')
        : undefined;
      await moveItem(tx, item, {
        to: 'item_to_return',
        reason: 'litigation_rejected',
        stockId: stock?.id ?? null,
      });
    }
    await repo.updateLitigation(tx, litigation, { status: answer, resolved_at: new Date() });
    await audit(tx, {
      action: 'update',
      entityType: 'litigation',
      entityId: litigation.id,
      accountId: litigation.account_id,
      before: { status: 'open' },
      after: { status: answer },
    });
    return {
      status: answer,
      proposedPriceCents: litigation.proposed_price_cents,
      currency: litigation.currency,
      paymentWithinBusinessDays: answer === 'accepted' ? LITIGATION_PAYMENT_BUSINESS_DAYS : null,
    };
  });
}
