import { ApiError } from '../../../lib/api';

/** The product search's client rule: 6 attempts, 200 ms apart, 2 s to answer each. */
const SEARCH_RETRY = { attempts: 6, delayMs: 200, timeoutMs: 2000 } as const;

/** Every attempt failed or timed out: the search service is unavailable for now. */
export class SearchUnavailableError extends Error {
  readonly code = 'search_unavailable';
  constructor(readonly lastError: unknown) {
    super('The product search is unavailable');
  }
}

/** A refusal (bad query, no right) will not change by asking again; failures and timeouts may. */
function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500 || error.status === 429;
}

function abortError(): DOMException {
  return new DOMException('The search was cancelled', 'AbortError');
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(abortError());
      },
      { once: true },
    );
  });
}

interface RetryOptions {
  /** Cancels everything (the user typed something else). */
  signal?: AbortSignal;
  attempts?: number;
  delayMs?: number;
  timeoutMs?: number;
}

/**
 * Runs `attempt` until it answers: each try gets its own signal, aborted after `timeoutMs`; a failed
 * try is repeated `delayMs` later, up to `attempts` tries, then SearchUnavailableError. A refusal of
 * the server (4xx) is thrown at once, and so is a cancellation.
 */
export async function withSearchRetry<T>(
  attempt: (signal: AbortSignal) => Promise<T>,
  {
    signal,
    attempts = SEARCH_RETRY.attempts,
    delayMs = SEARCH_RETRY.delayMs,
    timeoutMs = SEARCH_RETRY.timeoutMs,
  }: RetryOptions = {},
): Promise<T> {
  let lastError: unknown;
  for (let tried = 0; tried < attempts; tried++) {
    if (tried > 0) await wait(delayMs, signal);
    if (signal?.aborted) throw abortError();
    const controller = new AbortController();
    const cancel = () => controller.abort();
    signal?.addEventListener('abort', cancel, { once: true });
    const timer = setTimeout(cancel, timeoutMs);
    try {
      return await attempt(controller.signal);
    } catch (error) {
      if (signal?.aborted) throw abortError();
      if (!isRetryable(error)) throw error;
      lastError = error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    }
  }
  throw new SearchUnavailableError(lastError);
}
