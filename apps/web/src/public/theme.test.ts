import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../app/color';
import { themeVariables } from './theme';

describe('public site theme', () => {
  it.each(['#2ed678', '#e8590c', '#1c7ed6', '#ffff00', '#000000'])(
    'keeps text readable with the main colour %s',
    (color) => {
      const vars = themeVariables(color);
      expect(vars['--brand']).toBe(color);
      expect(
        contrastRatio(vars['--brand-button'] as string, vars['--brand-contrast'] as string),
      ).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(vars['--brand-text'] as string, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    },
  );
});
