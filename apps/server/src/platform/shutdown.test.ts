import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProcessLog } from './process-log';
import { handleShutdown } from './shutdown';

// a signal of its own per test, emitted to the process's listeners (no real signal is sent)
const SIGNAL = 'SIGUSR2';
const silent: ProcessLog = { info: () => {}, error: () => {} };

afterEach(() => {
  process.removeAllListeners(SIGNAL);
  vi.useRealTimers();
});

function stopped() {
  let resolve: (code: number) => void = () => {};
  const exited = new Promise<number>((r) => {
    resolve = r;
  });
  return { exit: (code: number) => resolve(code), exited };
}

describe('the stop of a process on SIGTERM', () => {
  it('turns stopping at once, runs the steps the last added first, and exits 0', async () => {
    const { exit, exited } = stopped();
    const shutdown = handleShutdown({ graceSeconds: 5, log: silent, exit, signals: [SIGNAL] });
    const order: string[] = [];
    shutdown.add('database', () => void order.push('database'));
    shutdown.add('jobs', async () => {
      await new Promise((r) => setTimeout(r, 20));
      order.push('jobs');
    });
    shutdown.add('HTTP server', () => {
      // the ready route already answers 503 while the requests in flight finish
      order.push(`HTTP server (stopping: ${shutdown.stopping})`);
    });
    expect(shutdown.stopping).toBe(false);
    process.emit(SIGNAL);
    expect(shutdown.stopping).toBe(true);
    expect(await exited).toBe(0);
    expect(order).toEqual(['HTTP server (stopping: true)', 'jobs', 'database']);
  });

  it('gives each step what is left of the grace period, and goes on past a step that fails (exit 1)', async () => {
    const { exit, exited } = stopped();
    const shutdown = handleShutdown({ graceSeconds: 5, log: silent, exit, signals: [SIGNAL] });
    const remaining: number[] = [];
    shutdown.add('database', (ms) => void remaining.push(ms));
    shutdown.add('jobs', () => {
      throw new Error('pool gone');
    });
    process.emit(SIGNAL);
    expect(await exited).toBe(1);
    expect(remaining).toHaveLength(1);
    expect(remaining[0]).toBeGreaterThan(4000);
    expect(remaining[0]).toBeLessThanOrEqual(5000);
  });

  it('exits 1 when the steps outlast the grace period, and a second signal starts nothing more', async () => {
    vi.useFakeTimers();
    const { exit, exited } = stopped();
    const errors: string[] = [];
    const shutdown = handleShutdown({
      graceSeconds: 2,
      log: { info: () => {}, error: (m) => errors.push(m) },
      exit,
      signals: [SIGNAL],
    });
    let runs = 0;
    shutdown.add('HTTP server', () => {
      runs += 1;
      return new Promise(() => {});
    });
    process.emit(SIGNAL);
    process.emit(SIGNAL);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await exited).toBe(1);
    expect(runs).toBe(1);
    expect(errors).toEqual(['still stopping after 2 s (SHUTDOWN_GRACE_SECONDS): exiting now']);
  });
});
