import type {
  Locale,
  PaymentModeType,
  TrackingDocument,
  TrackingLinkResponse,
  TrackingResponse,
  TrackingUnsubscribeResponse,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import type { PdfDocument } from '../../platform/documents';
import { AppError, notFound, tooManyAttempts } from '../../platform/errors';
import {
  type BaseContext,
  type RequestContext,
  systemContext,
  transact,
} from '../../platform/request-context';
import { countAttempt } from '../auth';
import { findVisibleBuyback } from '../buyback-lifecycle';
import { dropSlipPdf, shippingLabelPdf, transferOrderPdf, voucherPdf } from '../buybacks';
import {
  findLatestLink,
  findLinkOfToken,
  findLiveLink,
  findSite,
  insertUnsubscription,
  progressMailsStopped,
  revokeLink,
  tokenOf,
  trackingLinkOf,
  trackingUrls,
} from '../tracking-links';
import { siteOfHost } from '../white-label';
import * as repo from './tracking.repository';
import { customerDocuments, linkExpiresAt, nextStep, type TrackingFacts, timeline } from './tracking.rules';

/**
 * The customer's tracking page (docs/tracking.md): no sign-in, the link's token is the credential.
 * A token unknown, revoked, expired, or opened on another retailer's site answers the same 404
 * (`tracking_link_not_found`), so that an answer tells nothing of which; every call is counted
 * against the caller's address (`PUBLIC_LIMIT`).
 */

/** Calls one address may make in the window before it waits (the token is 256 bits: this stops floods, not guesses). */
const PUBLIC_LIMIT = { windowMs: 15 * 60_000, allowed: 120, firstBlockMs: 60_000, maxBlockMs: 60 * 60_000 };

/** The keyring purpose of a counter-offer's stored answer token (modules/warehouse writes it). */
const ANSWER_TOKEN_PURPOSE = 'litigation-answer';

const linkNotFound = () =>
  new AppError('tracking_link_not_found', 'This tracking link does not exist or no longer opens.');

export interface PublicClient {
  ip: string;
  host: string | undefined;
}

async function throttle(ctx: BaseContext, ip: string): Promise<void> {
  const { refusedForMs } = await countAttempt(ctx.db, `tracking:${ip}`, PUBLIC_LIMIT);
  if (refusedForMs > 0) throw tooManyAttempts(refusedForMs, 'Too many requests');
}

async function factsOf(ctx: BaseContext, row: repo.TrackedBuybackRow): Promise<TrackingFacts> {
  const [moves, offer] = await Promise.all([
    repo.findItemMoves(ctx, row.account_id, row.item_id),
    repo.findLatestCounterOffer(ctx, row.account_id, row.id),
  ]);
  let answer: { acceptUrl: string; rejectUrl: string } | null = null;
  if (offer?.status === 'open' && offer.answer_token_encrypted) {
    const query = `?token=${encodeURIComponent(ctx.deps.keyring.decrypt(ANSWER_TOKEN_PURPOSE, offer.answer_token_encrypted))}`;
    answer = {
      acceptUrl: `/buyback/${row.id}/accept${query}`,
      rejectUrl: `/buyback/${row.id}/reject${query}`,
    };
  }
  return {
    createdAt: new Date(row.created_at),
    circuitType: row.circuit_type,
    predeclared: row.predeclared,
    status: row.status,
    itemStatus: row.item_status,
    moves: moves.map((m) => ({ ...m, at: new Date(m.at) })),
    trackingNumber: row.tracking_number,
    trackingUrl: row.tracking_url,
    controlledAt: row.controlled_at ? new Date(row.controlled_at) : null,
    counterOffer: offer
      ? {
          status: offer.status as 'open' | 'accepted' | 'rejected',
          proposedPriceCents: offer.proposed_price_cents,
          createdAt: new Date(offer.created_at),
          acceptUrl: answer?.acceptUrl ?? null,
          rejectUrl: answer?.rejectUrl ?? null,
        }
      : null,
    payment: {
      status: row.payment_status,
      type: row.payment_type as PaymentModeType,
      paidAt: row.paid_at ? new Date(row.paid_at) : null,
      voucherCode: row.voucher_code,
    },
    shippingLabelStatus: row.shipping_label_status,
    cancelledAt: row.cancelled_at ? new Date(row.cancelled_at) : null,
    finalizedAt: row.finalized_at ? new Date(row.finalized_at) : null,
  };
}

/**
 * The buyback a token opens on this host: its link live, of the site's own account, not expired.
 * Anything else is the same 404.
 */
async function resolve(ctx: BaseContext, token: string, client: PublicClient) {
  await throttle(ctx, client.ip);
  const link = await findLinkOfToken(ctx, token);
  if (!link || link.revoked_at) throw linkNotFound();
  const site = await siteOfHost(ctx, client.host).catch(() => null);
  if (site?.id !== link.account_id) throw linkNotFound();
  const scoped = systemContext(ctx.deps, { kind: 'account', accountId: link.account_id }, ctx.locale);
  const row = await repo.findTrackedBuyback(scoped, link.account_id, link.buyback_id);
  if (!row) throw linkNotFound();
  const facts = await factsOf(scoped, row);
  const expiresAt = linkExpiresAt(facts, row.tracking_link_days_after_end ?? 90);
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw linkNotFound();
  return { link, scoped, row, facts, expiresAt };
}

/** `GET /api/tracking/{token}`: the page's facts. */
export async function getTracking(
  ctx: BaseContext,
  token: string,
  client: PublicClient,
): Promise<TrackingResponse> {
  const { scoped, row, facts, expiresAt } = await resolve(ctx, token, client);
  return {
    buybackNumber: row.identification_number,
    productName: row.product_name,
    offerCents: row.total_cents,
    currency: row.currency,
    circuitType: row.circuit_type as TrackingResponse['circuitType'],
    paymentType: row.payment_type as PaymentModeType,
    ended: expiresAt !== null,
    timeline: timeline(facts),
    nextStep: nextStep(facts, new Date()),
    documents: customerDocuments(facts),
    support: { retailer: row.retailer, email: row.seller_support_email ?? null },
    language: row.language as Locale,
    progressMails: !(await progressMailsStopped(scoped, row.id)),
    expiresAt: expiresAt?.toISOString() ?? null,
  };
}

/** `GET /api/tracking/{token}/documents/{document}`: one of the customer's own documents. */
export async function trackingDocument(
  ctx: BaseContext,
  token: string,
  document: TrackingDocument,
  client: PublicClient,
): Promise<PdfDocument> {
  const { scoped, row, facts } = await resolve(ctx, token, client);
  if (!customerDocuments(facts).includes(document))
    throw new AppError('document_unavailable', 'This document is not available for this buyback.');
  const language = ctx.locale ?? undefined;
  switch (document) {
    case 'transfer-order':
      return transferOrderPdf(scoped, row.id, language);
    case 'voucher':
      return voucherPdf(scoped, row.id, language);
    case 'drop-slip':
      return dropSlipPdf(scoped, row.id, language);
    case 'shipping-label':
      return shippingLabelPdf(scoped, row.id, language);
  }
}

/**
 * `POST /api/tracking/{token}/unsubscribe`: stops the optional progress mails of the buyback (the
 * required ones still go: docs/tracking.md). Again is the same answer.
 */
export async function unsubscribe(
  ctx: BaseContext,
  token: string,
  client: PublicClient,
): Promise<TrackingUnsubscribeResponse> {
  const { scoped, row, link } = await resolve(ctx, token, client);
  await transact(scoped, async (tx) => {
    if (await insertUnsubscription(tx, { buybackId: row.id, accountId: row.account_id }))
      await audit(tx, {
        action: 'update',
        entityType: 'tracking_link',
        entityId: link.id,
        accountId: row.account_id,
        after: { progressMails: false },
      });
  });
  return { progressMails: false };
}

// ---------- the back office: the buyback's detail ----------

async function linkResponse(
  ctx: BaseContext,
  buyback: { id: string; account_id: string },
): Promise<TrackingLinkResponse> {
  const scoped = systemContext(ctx.deps, { kind: 'account', accountId: buyback.account_id });
  const latest = await findLatestLink(scoped, buyback.id);
  const row = await repo.findTrackedBuyback(scoped, buyback.account_id, buyback.id);
  const facts = row ? await factsOf(scoped, row) : null;
  const expires = facts && row ? linkExpiresAt(facts, row.tracking_link_days_after_end ?? 90) : null;
  const site = latest && !latest.revoked_at ? await findSite(scoped, buyback.account_id) : null;
  const urls = latest && site ? trackingUrls(ctx.deps.config.publicUrl, site, tokenOf(ctx, latest)) : null;
  const url = urls?.url ?? null;
  return {
    url,
    createdAt: latest ? new Date(latest.created_at).toISOString() : null,
    revokedAt: latest?.revoked_at ? new Date(latest.revoked_at).toISOString() : null,
    expiresAt: expires?.toISOString() ?? null,
  };
}

/** The buyback the actor sees, of a retailer (the link is the retailer's). */
async function visibleBuyback(ctx: RequestContext, id: string, options: { forUpdate?: boolean } = {}) {
  const row = await findVisibleBuyback(ctx, { id }, options);
  if (!row) throw notFound('buyback');
  return row;
}

/** `GET /api/buybacks/{id}/tracking-link`: the live link (issued now if it has none), or the revoked one. */
export async function getTrackingLink(ctx: RequestContext, buybackId: string): Promise<TrackingLinkResponse> {
  const buyback = await visibleBuyback(ctx, buybackId);
  const scoped = systemContext(ctx.deps, { kind: 'account', accountId: buyback.account_id });
  if (!(await findLatestLink(scoped, buyback.id))) await trackingLinkOf(ctx, buyback);
  return linkResponse(ctx, buyback);
}

/** `POST /api/buybacks/{id}/tracking-link/revoke`: the link stops opening at once (audited). */
export async function revokeTrackingLink(
  ctx: RequestContext,
  buybackId: string,
): Promise<TrackingLinkResponse> {
  await transact(ctx, async (tx) => {
    const buyback = await visibleBuyback(tx, buybackId, { forUpdate: true });
    const live = await findLiveLink(
      { ...tx, scope: { kind: 'account', accountId: buyback.account_id } },
      buyback.id,
    );
    if (!live) throw new AppError('conflict', 'This buyback has no live tracking link to revoke.');
    await revokeLink(tx, live, tx.actor.userId);
    await audit(tx, {
      action: 'update',
      entityType: 'tracking_link',
      entityId: live.id,
      accountId: buyback.account_id,
      before: { revoked: false },
      after: { revoked: true },
    });
  });
  return linkResponse(ctx, await visibleBuyback(ctx, buybackId));
}

/** `POST /api/buybacks/{id}/tracking-link/reissue`: a new token for a revoked link (audited). */
export async function reissueTrackingLink(
  ctx: RequestContext,
  buybackId: string,
): Promise<TrackingLinkResponse> {
  await transact(ctx, async (tx) => {
    const buyback = await visibleBuyback(tx, buybackId, { forUpdate: true });
    const scoped = { ...tx, scope: { kind: 'account' as const, accountId: buyback.account_id } };
    if (await findLiveLink(scoped, buyback.id))
      throw new AppError('conflict', 'This buyback has a live tracking link: revoke it first.');
    const link = await trackingLinkOf(tx, buyback, { createdBy: tx.actor.userId });
    const live = await findLiveLink(scoped, buyback.id);
    if (!link || !live) throw new AppError('conflict', 'The retailer has no public site address for a link.');
    await audit(tx, {
      action: 'create',
      entityType: 'tracking_link',
      entityId: live.id,
      accountId: buyback.account_id,
      after: { reissued: true },
    });
  });
  return linkResponse(ctx, await visibleBuyback(ctx, buybackId));
}
