import { randomUUID } from 'node:crypto';
import {
  type BonusMode,
  type CreatePaymentModeRequest,
  type ListPaymentModesQuery,
  modifierOf,
  type PatchPaymentModeRequest,
  type PaymentModeResponse,
  type PaymentModeType,
  type PaymentProvider,
  paymentModeViolations,
  paymentNeedsIban,
  type Status,
} from '@reprise/shared';
import { audit } from '../../../platform/audit';
import { AppError, notFound } from '../../../platform/errors';
import { orderFrom, type Page } from '../../../platform/pagination';
import { type RequestContext, transact } from '../../../platform/request-context';
import {
  hasPremiumFeature,
  iso,
  readAccount,
  reject,
  requirePremiumFeature,
  violation,
  writeAccount,
} from '../config-scope';
import * as repo from './payment-modes.repository';

const MESSAGES: Record<string, string> = {
  bonus_mode_required: 'Choose a bonus mode to give a bonus value.',
  required: 'A bonus value is required with this bonus mode.',
  bonus_value_zero: 'The bonus value cannot be 0.',
  bonus_value_range: 'The bonus value must be between -100 and 100.',
  bonus_cap_percentage_only: 'Only a percentage bonus has a cap.',
  bonus_cap_zero: 'The cap cannot be 0.',
  bonus_cap_sign: 'The cap must have the same sign as the bonus value.',
  payment_provider_not_allowed: 'This provider cannot pay this payment type.',
};

/** The answer of a payment mode; its modifier applies only while the account has payment_bonus. */
function toPaymentModeResponse(row: repo.PaymentModeRow, bonusEnabled: boolean): PaymentModeResponse {
  const bonus = {
    bonusMode: row.bonus_mode as BonusMode,
    bonusValue: row.bonus_value,
    bonusCap: row.bonus_cap,
  };
  return {
    id: row.id,
    accountId: row.account_id,
    type: row.type as PaymentModeType,
    label: row.label,
    description: row.description,
    longDescription: row.long_description,
    mailContent: row.mail_content,
    provider: row.provider as PaymentProvider,
    ...bonus,
    modifier: bonusEnabled ? modifierOf(bonus) : null,
    iban: paymentNeedsIban(row.type as PaymentModeType),
    status: row.status as Status,
    numberOfCircuits: row.number_of_circuits,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

async function responsesOf(ctx: RequestContext, rows: repo.PaymentModeRow[]): Promise<PaymentModeResponse[]> {
  const enabled = new Map<string, boolean>();
  for (const accountId of new Set(rows.map((r) => r.account_id)))
    enabled.set(accountId, await hasPremiumFeature(ctx, accountId, 'payment_bonus'));
  return rows.map((r) => toPaymentModeResponse(r, enabled.get(r.account_id) ?? false));
}

export async function listPaymentModes(
  ctx: RequestContext,
  query: ListPaymentModesQuery,
): Promise<Page<PaymentModeResponse>> {
  const order = orderFrom(query, ['label', 'type'] as const, { field: 'label', direction: 'asc' });
  const { rows, total } = await repo.listPaymentModes(ctx, readAccount(ctx.actor, query.accountId), {
    type: query.type,
    status: query.status,
    order,
    offset: (query.page - 1) * query.itemsPerPage,
    limit: query.itemsPerPage,
  });
  return { member: await responsesOf(ctx, rows), totalItems: total };
}

export async function getPaymentMode(ctx: RequestContext, id: string): Promise<PaymentModeResponse> {
  const row = await repo.findPaymentMode(ctx, readAccount(ctx.actor), id);
  if (!row) throw notFound('payment mode');
  return (await responsesOf(ctx, [row]))[0] as PaymentModeResponse;
}

function rejectRules(issues: { path: string; code: string }[]): void {
  if (issues.length)
    reject(issues.map((i) => violation(i.path, i.code, MESSAGES[i.code] ?? 'This value is not allowed.')));
}

/** A bonus (or malus) on a payment mode needs the premium feature payment_bonus. */
async function checkBonusAllowed(
  ctx: RequestContext,
  accountId: string,
  bonusMode: BonusMode,
): Promise<void> {
  if (bonusMode !== 'disabled') await requirePremiumFeature(ctx, accountId, 'payment_bonus');
}

export async function createPaymentMode(
  ctx: RequestContext,
  input: CreatePaymentModeRequest,
): Promise<PaymentModeResponse> {
  const accountId = await writeAccount(ctx, input.accountId);
  await checkBonusAllowed(ctx, accountId, input.bonusMode);
  const id = randomUUID();
  return transact(ctx, async (tx) => {
    await repo.insertPaymentMode(tx, {
      id,
      account_id: accountId,
      type: input.type,
      label: input.label,
      description: input.description,
      long_description: input.longDescription,
      mail_content: input.mailContent,
      provider: input.provider,
      bonus_mode: input.bonusMode,
      bonus_value: input.bonusValue,
      bonus_cap: input.bonusCap,
      status: input.status,
    });
    const row = (await repo.findPaymentMode(tx, accountId, id)) as repo.PaymentModeRow;
    const response = (await responsesOf(tx, [row]))[0] as PaymentModeResponse;
    await audit(tx, {
      action: 'create',
      entityType: 'payment_mode',
      entityId: id,
      accountId,
      after: response,
    });
    return response;
  });
}

export async function updatePaymentMode(
  ctx: RequestContext,
  id: string,
  input: PatchPaymentModeRequest,
): Promise<PaymentModeResponse> {
  return transact(ctx, async (tx) => {
    const current = await repo.findPaymentMode(tx, readAccount(ctx.actor), id, { forUpdate: true });
    if (!current) throw notFound('payment mode');
    if (input.type !== undefined && input.type !== current.type)
      throw new AppError('immutable_field', 'The type of a payment mode cannot change.', [
        violation('type', 'immutable_field', 'The type of a payment mode cannot change.'),
      ]);
    const merged = {
      type: current.type as PaymentModeType,
      label: input.label ?? current.label,
      description: input.description ?? current.description,
      longDescription: input.longDescription !== undefined ? input.longDescription : current.long_description,
      mailContent: input.mailContent !== undefined ? input.mailContent : current.mail_content,
      provider: (input.provider ?? current.provider) as PaymentProvider,
      bonusMode: (input.bonusMode ?? current.bonus_mode) as BonusMode,
      bonusValue: input.bonusValue !== undefined ? input.bonusValue : current.bonus_value,
      bonusCap: input.bonusCap !== undefined ? input.bonusCap : current.bonus_cap,
      status: (input.status ?? current.status) as Status,
    };
    // switching the bonus off clears its value and cap
    if (merged.bonusMode === 'disabled' && input.bonusValue === undefined) merged.bonusValue = null;
    if (merged.bonusMode !== 'percentage' && input.bonusCap === undefined) merged.bonusCap = null;
    rejectRules(paymentModeViolations(merged));
    const bonusChanged =
      merged.bonusMode !== current.bonus_mode ||
      merged.bonusValue !== current.bonus_value ||
      merged.bonusCap !== current.bonus_cap;
    if (bonusChanged) await checkBonusAllowed(tx, current.account_id, merged.bonusMode);
    const before = (await responsesOf(tx, [current]))[0];
    await repo.updatePaymentMode(tx, id, {
      label: merged.label,
      description: merged.description,
      long_description: merged.longDescription,
      mail_content: merged.mailContent,
      provider: merged.provider,
      bonus_mode: merged.bonusMode,
      bonus_value: merged.bonusValue,
      bonus_cap: merged.bonusCap,
      status: merged.status,
    });
    const row = (await repo.findPaymentMode(tx, current.account_id, id)) as repo.PaymentModeRow;
    const response = (await responsesOf(tx, [row]))[0] as PaymentModeResponse;
    await audit(tx, {
      action: 'update',
      entityType: 'payment_mode',
      entityId: id,
      accountId: current.account_id,
      before,
      after: response,
    });
    return response;
  });
}
