import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api';
import { SearchUnavailableError, withSearchRetry } from './search-retry';

const refusal = new ApiError(422, {
  type: 'about:blank',
  title: 'Invalid',
  status: 422,
  detail: '',
  code: 'validation_failed',
});

/** An attempt that never answers until its signal aborts it (as fetch does). */
const hanging = (signal: AbortSignal) =>
  new Promise<never>((_, reject) =>
    signal.addEventListener('abort', () => reject(new NetworkError('aborted'))),
  );

describe('product search retries', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers at once when the first attempt does', async () => {
    const attempt = vi.fn().mockResolvedValue('hits');
    await expect(withSearchRetry(attempt)).resolves.toBe('hits');
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('tries again 200 ms after a failure', async () => {
    const attempt = vi.fn().mockRejectedValueOnce(new NetworkError('down')).mockResolvedValue('hits');
    const result = withSearchRetry(attempt);
    await vi.advanceTimersByTimeAsync(199);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('hits');
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it('gives up after 6 attempts that each time out after 2 s', async () => {
    const attempt = vi.fn(hanging);
    const result = withSearchRetry(attempt);
    const outcome = expect(result).rejects.toBeInstanceOf(SearchUnavailableError);
    await vi.advanceTimersByTimeAsync(6 * 2000 + 5 * 200);
    await outcome;
    expect(attempt).toHaveBeenCalledTimes(6);
  });

  it('does not retry a refusal of the server', async () => {
    const attempt = vi.fn().mockRejectedValue(refusal);
    await expect(withSearchRetry(attempt)).rejects.toBe(refusal);
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('stops when the search is cancelled', async () => {
    const controller = new AbortController();
    const attempt = vi.fn(hanging);
    const result = withSearchRetry(attempt, { signal: controller.signal });
    const outcome = expect(result).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    await outcome;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
