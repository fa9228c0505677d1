import { createTheme, type MantineColorsTuple, MantineProvider, Modal } from '@mantine/core';
import { DEFAULT_MAIN_COLOR } from '@reprise/shared';
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from 'react';
import { normalizeHexColor, PRIMARY_SHADE, paletteFrom } from './color';

/** The account's look: main colour, logo and favicon (foundation.md, /design). */
export interface Branding {
  mainColor: string;
  logo: string | null;
  favicon: string | null;
}

let branding: Branding = { mainColor: DEFAULT_MAIN_COLOR, logo: null, favicon: null };
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes the branding at once; the session sets it from the account, the design screen previews with it. */
export function setBranding(next: Partial<Branding>): void {
  const merged = { ...branding, ...next, mainColor: normalizeHexColor(next.mainColor ?? branding.mainColor) };
  if (merged.mainColor === branding.mainColor && merged.logo === branding.logo && merged.favicon === branding.favicon)
    return;
  branding = merged;
  for (const listener of listeners) listener();
}

export function setMainColor(mainColor: string): void {
  setBranding({ mainColor });
}

export function useBranding(): Branding {
  return useSyncExternalStore(subscribe, () => branding);
}

/** The current main colour and a setter that re-themes the whole app immediately. */
export function useThemeColor(): [string, (mainColor: string) => void] {
  return [useBranding().mainColor, setMainColor];
}

export function buildTheme(mainColor: string) {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: PRIMARY_SHADE,
    colors: { brand: paletteFrom(mainColor) as unknown as MantineColorsTuple },
    autoContrast: true,
    defaultRadius: 'md',
    cursorType: 'pointer',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    components: { Modal: Modal.extend({ defaultProps: { size: 'md', centered: true } }) },
  });
}

const DEFAULT_FAVICON = document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? '';

function useAccountFavicon(favicon: string | null): void {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link) link.href = favicon ?? DEFAULT_FAVICON;
  }, [favicon]);
}

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { mainColor, favicon } = useBranding();
  const theme = useMemo(() => buildTheme(mainColor), [mainColor]);
  useAccountFavicon(favicon);
  return <MantineProvider theme={theme}>{children}</MantineProvider>;
}
