import { type DeviceCheckFlaggedAction, type DeviceCheckResult, isFlaggedResult } from '@reprise/shared';

/**
 * The device check's rules (docs/device-check.md): how long an answer is kept, how many provider
 * calls an account may make, and what the store wizard does with a result.
 */

/** A provider's answer is used again for a day (per account and IMEI). */
export const ANSWER_CACHE_HOURS = 24;

/**
 * The token bucket of each account's provider calls: 20 at once, refilled at 20 a minute (one
 * every 3 s). A call without a token is not made: the check is `not_checked` and retried later.
 */
export const PROVIDER_CALLS = { capacity: 20, refillPerSecond: 20 / 60 } as const;

/** The tokens a bucket holds after `elapsedSeconds`, before the call takes one. */
export function refilledTokens(tokens: number, elapsedSeconds: number, bucket = PROVIDER_CALLS): number {
  return Math.min(bucket.capacity, tokens + Math.max(0, elapsedSeconds) * bucket.refillPerSecond);
}

export interface DeviceCheckPolicy {
  flaggedAction: DeviceCheckFlaggedAction;
  outageBlocks: boolean;
}

/** What the store wizard does with a result: a flagged device warned or refused, an outage refused only when the account asks. */
export function wizardAction(
  result: DeviceCheckResult | null,
  policy: DeviceCheckPolicy,
): 'none' | 'warn' | 'block' {
  if (result === null) return 'none';
  if (isFlaggedResult(result)) return policy.flaggedAction;
  if (result === 'not_checked' && policy.outageBlocks) return 'block';
  return 'none';
}

/** The item statuses at which a device found flagged is proposed for quarantine (it is in the warehouse, not yet decided). */
export const QUARANTINE_PROPOSED_STATUSES = [
  'item_registered_in_warehouse',
  'item_awaiting_compliancy_tests',
];
