import { describe, expect, it } from 'vitest';
import { LABEL_RETRY_SECONDS, nextLabelStep, pollLabel } from './label-polling';

describe('shipping-label polling', () => {
  it('checks again at 3, 5, 10 and 15 seconds, then reports the label not available', () => {
    expect(LABEL_RETRY_SECONDS).toEqual([3, 5, 10, 15]);
    expect(nextLabelStep(0, 425)).toEqual({ state: 'checking', delayMs: 3000 });
    expect(nextLabelStep(1, 425)).toEqual({ state: 'checking', delayMs: 2000 });
    expect(nextLabelStep(2, 425)).toEqual({ state: 'checking', delayMs: 5000 });
    expect(nextLabelStep(3, 425)).toEqual({ state: 'checking', delayMs: 5000 });
    expect(nextLabelStep(4, 425)).toEqual({ state: 'not_available' });
  });

  it('200 is ready, 404 not expected, anything else an error', () => {
    expect(nextLabelStep(0, 200)).toEqual({ state: 'ready' });
    expect(nextLabelStep(3, 200)).toEqual({ state: 'ready' });
    expect(nextLabelStep(0, 404)).toEqual({ state: 'not_expected' });
    // the carrier made no label: not available, no more checks
    expect(nextLabelStep(1, 410)).toEqual({ state: 'failed' });
    expect(nextLabelStep(0, 500)).toEqual({ state: 'error' });
    expect(nextLabelStep(0, 0)).toEqual({ state: 'error' });
  });

  it('polls at the instants of the schedule until ready', async () => {
    const instants: number[] = [];
    let clock = 0;
    const answers = [425, 425, 200];
    const result = await pollLabel(
      async () => {
        instants.push(clock);
        return answers.shift() ?? 500;
      },
      async (ms) => {
        clock += ms;
      },
    );
    expect(result).toBe('ready');
    expect(instants).toEqual([0, 3000, 5000]);
  });

  it('gives up after the check at 15 seconds', async () => {
    const instants: number[] = [];
    let clock = 0;
    const result = await pollLabel(
      async () => {
        instants.push(clock);
        return 425;
      },
      async (ms) => {
        clock += ms;
      },
    );
    expect(result).toBe('not_available');
    expect(instants).toEqual([0, 3000, 5000, 10000, 15000]);
  });

  it('stops quietly when the page leaves', async () => {
    const controller = new AbortController();
    let checks = 0;
    const result = await pollLabel(
      async () => {
        checks++;
        return 425;
      },
      async () => {
        controller.abort();
      },
      controller.signal,
    );
    expect(result).toBeNull();
    expect(checks).toBe(1);
  });
});
