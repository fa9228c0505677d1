import type { BuybackSettingsResponse } from '@reprise/shared';

/** The cart's limits from the settings: at most `maxItems` buybacks, at least `minimumCents` in total. */
export function cartLimitsOf(settings: BuybackSettingsResponse | undefined) {
  return {
    maxItems: settings?.cart_max_items ?? 1,
    // The setting is in whole units of the account's currency.
    minimumCents: (settings?.cart_min_value ?? 0) * 100,
  };
}
