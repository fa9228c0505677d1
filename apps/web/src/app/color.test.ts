import { DEFAULT_MAIN_COLOR } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { contrastRatio, normalizeHexColor, PRIMARY_SHADE, paletteFrom, readableOnWhite } from './color';

describe('account colour palette', () => {
  it('keeps the account colour itself as the primary shade', () => {
    const palette = paletteFrom('#2ED678');
    expect(palette).toHaveLength(10);
    expect(palette[PRIMARY_SHADE]).toBe('#2ed678');
  });

  it('orders shades from lightest to darkest', () => {
    const brightness = (hex: string) =>
      [1, 3, 5].reduce((sum, i) => sum + Number.parseInt(hex.slice(i, i + 2), 16), 0);
    const values = paletteFrom('#1971c2').map(brightness);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
  });

  it('falls back to the default brand colour for a value that is not a colour', () => {
    expect(normalizeHexColor('blue')).toBe(DEFAULT_MAIN_COLOR);
    expect(normalizeHexColor(null)).toBe(DEFAULT_MAIN_COLOR);
    expect(normalizeHexColor(' #ABCDEF ')).toBe('#abcdef');
  });
});

describe('text in the account colour', () => {
  it('is darkened until it reads on white (WCAG AA)', () => {
    for (const color of ['#2ed678', '#ffff00', '#00bfff', '#ff7f50']) {
      expect(contrastRatio(readableOnWhite(color), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps a colour that already reads on white', () => {
    expect(readableOnWhite('#1a237e')).toBe('#1a237e');
  });
});
