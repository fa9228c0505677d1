/**
 * Shipping-label readiness: `HEAD /buybacks/{id}/shipping-label`
 * answers 200 ready, 425 not yet (checked again at 3, 5, 10 and 15 seconds, then reported not
 * available) or 404 not expected.
 */

import { LABEL_RETRY_SECONDS } from '@reprise/shared';

export { LABEL_RETRY_SECONDS };

/** `failed`: the carrier made no label (410): "not available", unlike `not_available` (not yet, after the last check). */
export type LabelState = 'checking' | 'ready' | 'not_expected' | 'not_available' | 'failed' | 'error';

/** What to do after a check: a final state, or wait `delayMs` then check again. */
export type LabelStep = { state: Exclude<LabelState, 'checking'> } | { state: 'checking'; delayMs: number };

/**
 * After check number `attempt` (0 = the first, immediate one) answered `status`: 200 ready, 404
 * not expected, 410 failed (the carrier made none), 425 wait until the next instant of the schedule (not
 * available after the last),
 * anything else an error.
 */
export function nextLabelStep(attempt: number, status: number): LabelStep {
  if (status === 200 || status === 204) return { state: 'ready' };
  if (status === 404) return { state: 'not_expected' };
  if (status === 410) return { state: 'failed' };
  if (status !== 425) return { state: 'error' };
  if (attempt >= LABEL_RETRY_SECONDS.length) return { state: 'not_available' };
  const previous = attempt === 0 ? 0 : (LABEL_RETRY_SECONDS[attempt - 1] as number);
  return { state: 'checking', delayMs: ((LABEL_RETRY_SECONDS[attempt] as number) - previous) * 1000 };
}

/**
 * Checks until a final state: `check` answers the HEAD status, `wait` sleeps (both injected for
 * tests); an aborted signal stops it quietly (null).
 */
export async function pollLabel(
  check: () => Promise<number>,
  wait: (ms: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<Exclude<LabelState, 'checking'> | null> {
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) return null;
    const step = nextLabelStep(attempt, await check());
    if (step.state !== 'checking') return signal?.aborted ? null : step.state;
    await wait(step.delayMs);
  }
}
