import {
  Alert,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  FileInput,
  type MantineColorsTuple,
  MantineProvider,
  Modal,
  Notification,
} from '@mantine/core';
import { DEFAULT_MAIN_COLOR } from '@reprise/shared/enums';
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AA_LUMINANCE_THRESHOLD,
  normalizeHexColor,
  PRIMARY_SHADE,
  paletteFrom,
  readableOnWhite,
} from './color';
import { MENU_DROPDOWN_CLOSE_DELAY_MS } from './layout-constants';

/** The account's look: main colour, logo and favicon (/design). */
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
  if (
    merged.mainColor === branding.mainColor &&
    merged.logo === branding.logo &&
    merged.favicon === branding.favicon
  )
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

/** Text, light and outline variants of a colour, darkened to pass WCAG AA on white. */
function readableVariants(name: string, shade: string): Record<string, string> {
  const text = readableOnWhite(shade);
  return {
    [`--mantine-color-${name}-text`]: text,
    [`--mantine-color-${name}-light-color`]: text,
    [`--mantine-color-${name}-outline`]: text,
  };
}

const READABLE_STOCK_COLORS = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).flatMap(([name, shades]) =>
    Object.entries(readableVariants(name, shades[PRIMARY_SHADE])),
  ),
);

/** Accessible names of the close buttons of every dialog, message and file field (Mantine's have none of their own). */
export interface CloseLabels {
  dialog: string;
  message: string;
  file: string;
}

function buildTheme(mainColor: string, closeLabels: CloseLabels) {
  const text = readableOnWhite(mainColor);
  const theme = createTheme({
    primaryColor: 'brand',
    primaryShade: PRIMARY_SHADE,
    colors: { brand: paletteFrom(mainColor) as unknown as MantineColorsTuple },
    autoContrast: true,
    luminanceThreshold: AA_LUMINANCE_THRESHOLD,
    defaultRadius: 'md',
    cursorType: 'pointer',
    // a user who asks the system for less motion gets dialogs, menus and toasts without animation
    respectReducedMotion: true,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    components: {
      Modal: Modal.extend({
        defaultProps: { size: 'md', centered: true, closeButtonProps: { 'aria-label': closeLabels.dialog } },
      }),
      Alert: Alert.extend({ defaultProps: { closeButtonLabel: closeLabels.message } }),
      // the spec's menu dropdown timeout: a menu opened by hovering closes 500 ms after the pointer
      // leaves (a plain entry, not Menu.extend: the sign-in page must not load the Menu component)
      Menu: { defaultProps: { closeDelay: MENU_DROPDOWN_CLOSE_DELAY_MS } },
      // the toasts of @mantine/notifications are this component
      Notification: Notification.extend({
        defaultProps: { closeButtonProps: { 'aria-label': closeLabels.message } },
      }),
      FileInput: FileInput.extend({ defaultProps: { clearButtonProps: { 'aria-label': closeLabels.file } } }),
      // a dialog's title bar is a <header> in Mantine: outside <main> it makes a second page banner
      // beside the top bar (axe: landmark-no-duplicate-banner); the dialog names itself by its title
      ModalHeader: { defaultProps: { component: 'div' } },
      DrawerHeader: { defaultProps: { component: 'div' } },
    },
  });
  // Text drawn in the brand colour must stay readable whatever colour the account picked, and
  // Mantine's dimmed and placeholder greys (3.3:1 on white) are darkened to pass WCAG AA.
  const cssVariablesResolver: CSSVariablesResolver = () => ({
    variables: {},
    light: {
      ...READABLE_STOCK_COLORS,
      ...readableVariants('brand', mainColor),
      '--mantine-color-anchor': text,
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
      '--mantine-color-error': 'var(--mantine-color-red-text)',
    },
    dark: {},
  });
  return { theme, cssVariablesResolver };
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
  const { t } = useTranslation('common');
  const dialog = t('actions.closeDialog');
  const message = t('actions.dismiss');
  const file = t('actions.clearFile');
  const { theme, cssVariablesResolver } = useMemo(
    () => buildTheme(mainColor, { dialog, message, file }),
    [mainColor, dialog, message, file],
  );
  useAccountFavicon(favicon);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}
