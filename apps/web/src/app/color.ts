import { DEFAULT_MAIN_COLOR } from '@reprise/shared';

/** Index of the account's own colour in the generated palette (Mantine's primary shade). */
export const PRIMARY_SHADE = 6;

type Rgb = readonly [number, number, number];

const HEX_COLOR = /^#?([0-9a-f]{6})$/i;

export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value.trim());
}

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
