import { contrastRatio, normalizeHexColor, paletteFrom } from '../app/color';

const WHITE = '#ffffff';
const DARK = '#1a1b1e';

/**
 * The retailer's main colour as CSS variables: buttons in the colour itself with a readable text
 * colour, and a shade dark enough (4.5:1 on white, WCAG AA) for links and outlines.
 */
export function themeVariables(mainColor: string): Record<string, string> {
  const brand = normalizeHexColor(mainColor);
  const palette = paletteFrom(brand);
  const text = [brand, ...palette.slice(7)].find((c) => contrastRatio(c, WHITE) >= 4.5) ?? DARK;
  // a button in the colour itself when some text reads on it, else in the darker shade
  const onBrand = contrastRatio(brand, WHITE) >= contrastRatio(brand, DARK) ? WHITE : DARK;
  const readable = contrastRatio(brand, onBrand) >= 4.5;
  return {
    '--brand': brand,
    '--brand-button': readable ? brand : text,
    '--brand-contrast': readable ? onBrand : WHITE,
    '--brand-text': text,
    '--brand-soft': palette[0] as string,
  };
}

export function applyTheme(mainColor: string, favicon: string | null): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(themeVariables(mainColor))) root.style.setProperty(name, value);
  if (favicon) {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link) link.href = favicon;
  }
}

/** The page's title and meta description (the home page's come from its configuration). */
export function setPageMeta(title: string, description?: string | null): void {
  document.title = title;
  if (description !== undefined) {
    document.querySelector('meta[name="description"]')?.setAttribute('content', description ?? '');
  }
}
