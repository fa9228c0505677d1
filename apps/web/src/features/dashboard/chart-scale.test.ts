import { describe, expect, it } from 'vitest';
import { axisTicks } from './chart-scale';

describe('axisTicks', () => {
  it('counts have whole ticks only, even when the largest count is 1 or 2', () => {
    expect(axisTicks(1, { integer: true })).toEqual([0, 1]);
    expect(axisTicks(2, { integer: true })).toEqual([0, 1, 2]);
    expect(axisTicks(3, { integer: true })).toEqual([0, 1, 2, 3]);
    expect(axisTicks(7, { integer: true })).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(0, { integer: true })).toEqual([0, 1]);
  });

  it('every tick of a count axis is an integer, whatever the largest count', () => {
    for (let max = 0; max <= 2000; max += 1) {
      const ticks = axisTicks(max, { integer: true });
      expect(ticks.every(Number.isInteger), `max ${max}: ${ticks.join(', ')}`).toBe(true);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });

  it('amounts have round ticks up to at least the largest amount', () => {
    expect(axisTicks(194.5, { integer: false })).toEqual([0, 50, 100, 150, 200]);
    expect(axisTicks(1234, { integer: false })).toEqual([0, 500, 1000, 1500]);
    expect(axisTicks(0.9, { integer: false })).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });
});
