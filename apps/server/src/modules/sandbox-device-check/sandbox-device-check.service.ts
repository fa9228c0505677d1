import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../platform/errors';
import { type BaseContext, type BaseTxContext, transact } from '../../platform/request-context';
import { hashToken } from '../../platform/security';
import * as repo from './sandbox-device-check.repository';

/**
 * The sandbox IMEI blacklist (docs/device-check.md, "The sandbox"): a provider run by this server
 * under /api/sandbox-device-check, so that the device check talks HTTP with an API key in the demo
 * and the tests. Every IMEI is clean unless its account says otherwise (lost, stolen, unknown, an
 * outage answering 503, or a timeout answering nothing in time); every lookup is counted.
 */

/** How long a `timeout` IMEI keeps the caller waiting before a 503 (longer than any client waits). */
const TIMEOUT_ANSWER_MS = 8_000;

export type SandboxLookup =
  | {
      kind: 'answer';
      body: { imei: string; status: 'clean' | 'lost' | 'stolen' | 'unknown'; reference: string };
    }
  | { kind: 'outage' };

/** Opens a client account; its API key is answered this once (a given one for the demo seed). */
export async function signUp(ctx: BaseContext, options: { apiKey?: string } = {}) {
  return transact(ctx, async (tx) => {
    const apiKey = options.apiKey ?? `sbx_dc_${randomBytes(24).toString('base64url')}`;
    const { id } = await repo.insertAccount(tx, hashToken(apiKey));
    return { id, apiKey };
  });
}

/** The account of an API key (`Authorization: Bearer <key>`); 401 for a missing or unknown one. */
export async function authenticate(ctx: BaseContext, apiKey: string | null): Promise<string> {
  const account = apiKey ? await repo.findAccountByKeyHash(ctx, hashToken(apiKey)) : undefined;
  if (!account) throw new AppError('unauthenticated', 'The API key is missing or unknown.');
  return account.id;
}

/** An IMEI as the blacklist knows them: 15 to 17 digits, else 422 `imei_invalid`. */
function requireImei(imei: string): void {
  if (!/^[0-9]{15,17}$/.test(imei))
    throw new AppError('imei_invalid', 'An IMEI is 15 to 17 digits.', [
      { propertyPath: 'imei', message: 'An IMEI is 15 to 17 digits.', code: 'imei_invalid' },
    ]);
}

/** Sets how the account's IMEIs are answered from now on (the console, the demo seed). */
export async function setAnswers(
  ctx: BaseContext | BaseTxContext,
  accountId: string,
  answers: Record<string, string>,
) {
  for (const imei of Object.keys(answers)) requireImei(imei);
  await transact(ctx, (tx) => repo.setAnswers(tx, accountId, answers));
}

/** A lookup: counted, then answered by the IMEI's configured answer (clean by default). */
export async function lookup(ctx: BaseContext, accountId: string, imei: string): Promise<SandboxLookup> {
  requireImei(imei);
  const answer = (await repo.findAnswer(ctx, accountId, imei)) ?? 'clean';
  await transact(ctx, (tx) => repo.recordRequest(tx, accountId, imei, answer));
  if (answer === 'timeout') await sleep(TIMEOUT_ANSWER_MS);
  if (answer === 'outage' || answer === 'timeout') return { kind: 'outage' };
  return {
    kind: 'answer',
    body: {
      imei,
      status: answer as 'clean' | 'lost' | 'stolen' | 'unknown',
      reference: `SBX-${randomBytes(4).toString('hex').toUpperCase()}`,
    },
  };
}

export async function countRequests(ctx: BaseContext, accountId: string, imei: string) {
  requireImei(imei);
  return { imei, count: await repo.countRequests(ctx, accountId, imei) };
}
