import type { WhiteLabelConfigResponse } from '@reprise/shared';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { type ConsentChoice, needsConsent, readConsent, type StoredConsent, saveConsent } from './consent';

interface SiteState {
  config: WhiteLabelConfigResponse;
  consent: StoredConsent | null;
  /** The banner shows when consent applies and the visitor has not chosen, or asked to change. */
  consentBannerOpen: boolean;
  openConsentBanner(): void;
  saveConsentChoice(choice: ConsentChoice): void;
}

const SiteContext = createContext<SiteState | null>(null);

export function SiteProvider({
  config,
  children,
  reload = () => window.location.reload(),
}: {
  config: WhiteLabelConfigResponse;
  children: ReactNode;
  reload?: () => void;
}) {
  const [consent, setConsent] = useState(() => readConsent(config));
  const [asked, setAsked] = useState(false);
  const openConsentBanner = useCallback(() => setAsked(true), []);
  const saveConsentChoice = useCallback(
    (choice: ConsentChoice) => {
      const mustReload = saveConsent(config, choice);
      setConsent(
        readConsent(config) ?? { ...choice, consentId: config.axeptioId, savedAt: new Date().toISOString() },
      );
      setAsked(false);
      // analytics accepted: the tag manager starts with a fresh page
      if (mustReload) reload();
    },
    [config, reload],
  );
  const value = useMemo<SiteState>(
    () => ({
      config,
      consent,
      consentBannerOpen: needsConsent(config) && (asked || consent === null),
      openConsentBanner,
      saveConsentChoice,
    }),
    [config, consent, asked, openConsentBanner, saveConsentChoice],
  );
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteState {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite outside SiteProvider');
  return site;
}
