import type { BuybackSettingsResponse } from '@reprise/shared';
import { useResource } from '../api';

/** `GET /api/buyback-settings` for the visitor: minimum cart value (whole units) and identity rule. */
export function useBuybackSettings() {
  const settings = useResource<BuybackSettingsResponse>('/api/buyback-settings');
  return settings;
}

export const minimumCentsOf = (settings: BuybackSettingsResponse) => settings.cart_min_value * 100;
