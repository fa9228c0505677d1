import { DEFAULT_MAIN_COLOR } from '@reprise/shared/enums';

/** Index of the account's own colour in the generated palette (Mantine's primary shade). */
export const PRIMARY_SHADE = 6;

type Rgb = readonly [number, number, number];

const HEX_COLOR = /^#?([0-9a-f]{6})$/i;

/** `#rrggbb` in lower case, or the product's default colour when the value is not one. */
export function normalizeHexColor(value: string | null | undefined): string {
  const match = HEX_COLOR.exec(value?.trim() ?? '');
  return match ? `#${match[1]!.toLowerCase()}` : DEFAULT_MAIN_COLOR;
}

function toRgb(hex: string): Rgb {
  const value = Number.parseInt(normalizeHexColor(hex).slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function mix(color: Rgb, target: Rgb, weight: number): Rgb {
  return [0, 1, 2].map((i) => color[i]! + (target[i]! - color[i]!) * weight) as unknown as Rgb;
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** How much white (shades 0–5) or black (shades 7–9) is mixed into the base colour. */
const TINTS = [0.92, 0.82, 0.68, 0.52, 0.36, 0.18];
const SHADES = [0.14, 0.28, 0.42];

/** The ten shades Mantine needs, lightest first, with the colour itself at PRIMARY_SHADE. */
export function paletteFrom(mainColor: string): string[] {
  const base = toRgb(mainColor);
  return [
    ...TINTS.map((w) => toHex(mix(base, WHITE, w))),
    toHex(base),
    ...SHADES.map((w) => toHex(mix(base, BLACK, w))),
  ];
}

function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(toRgb(a)), luminance(toRgb(b))].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** AA contrast for normal text (4.5), with a margin for the pale tints behind "light" variants (and striped rows). */
const TEXT_CONTRAST = 5.5;

/**
 * A colour darkened just enough to be read as text on white (links, outline and light buttons,
 * the active menu entry): a bright brand colour such as the default green is not.
 */
export function readableOnWhite(color: string, minimumContrast = TEXT_CONTRAST): string {
  const base = toRgb(color);
  for (let step = 0; step < 20; step++) {
    const candidate = toHex(mix(base, BLACK, step * 0.05));
    if (contrastRatio(candidate, '#ffffff') >= minimumContrast) return candidate;
  }
  return '#000000';
}

/**
 * Above this luminance a filled background gets black text, below it white text: at 0.179 both
 * reach 4.5:1 (WCAG AA), which Mantine's default of 0.3 does not.
 */
export const AA_LUMINANCE_THRESHOLD = 0.179;
