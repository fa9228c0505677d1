import type { PaymentModeType } from '@reprise/shared';
import { followUpJobId } from '../../platform/jobs';
import { type MailMessage, queueMail } from '../../platform/mail';
import type { BaseContext, BaseTxContext } from '../../platform/request-context';
import * as repo from './links.repository';
import { type TrackedBuyback, trackingLinkOf } from './links.service';
import { type ProgressStep, progressMail, withTrackingFooter } from './progress.mails';

/**
 * Which customer mails an unsubscription stops (docs/tracking.md, "Mails and unsubscribing"): the
 * progress mails of received, controlled and returned are optional; the payment notice is not, nor
 * are the mails of other modules that need an answer or tell of a decision (the counter-offer, the
 * IBAN request, the quarantine), which only carry the links.
 */
const OPTIONAL_PROGRESS_STEPS: readonly ProgressStep[] = ['received', 'controlled', 'returned'];

/**
 * Queues the mail of a step in the caller's transaction (the one that moves the status): none without
 * a customer e-mail, none for an optional step once the customer unsubscribed. `jobId` makes a job's
 * retry queue it once.
 */
export async function queueProgressMail(
  tx: BaseTxContext,
  buyback: TrackedBuyback,
  step: ProgressStep,
  options: { jobId?: string } = {},
): Promise<boolean> {
  // the demo seed moves buybacks before any queue exists (seed/demo-warehouse.ts): it mails no one
  if (!tx.deps.jobs) return false;
  const scoped = { ...tx, scope: { kind: 'account', accountId: buyback.account_id } } as BaseTxContext;
  const facts = await repo.findMailFacts(scoped, buyback.id);
  if (!facts?.email) return false;
  if (OPTIONAL_PROGRESS_STEPS.includes(step) && (await repo.isUnsubscribed(scoped, buyback.id))) return false;
  const link = await trackingLinkOf(scoped, buyback);
  const message = progressMail(
    step,
    {
      to: facts.email,
      language: facts.language,
      firstName: facts.first_name,
      buybackNumber: facts.identification_number,
      productName: facts.product_name,
      amountCents: facts.amount_cents,
      currency: facts.currency,
      paymentType: facts.payment_type as PaymentModeType,
    },
    link,
  );
  await queueMail(
    tx.deps.jobs,
    tx.trx,
    message,
    options.jobId ? { id: followUpJobId(options.jobId, `tracking-${step}`) } : {},
  );
  return true;
}

/**
 * Another module's customer mail of this buyback with the tracking and unsubscribe links added
 * (the counter-offer, the IBAN request, the quarantine mail): the same mail, never a second one.
 */
export async function withTrackingLinks(
  ctx: BaseContext,
  buyback: TrackedBuyback,
  language: string | null,
  message: MailMessage,
): Promise<MailMessage> {
  return withTrackingFooter(message, language, await trackingLinkOf(ctx, buyback));
}

/** Whether the customer stopped the optional mails of this buyback. */
export const progressMailsStopped = (ctx: BaseContext, buybackId: string) =>
  repo.isUnsubscribed(ctx, buybackId);
