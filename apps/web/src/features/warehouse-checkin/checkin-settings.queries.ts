import type { CheckinSettingsResponse } from '@reprise/shared';
import { useQuery } from '@tanstack/react-query';
import { type Has, inSettingsModule, shipsPackages } from '../../app/navigation';
import { useSession } from '../../app/session';
import { api } from '../../lib/api';
import { useRefurbishmentFeature } from '../connectors';
import { usePremiumFeature } from '../settings';

/**
 * What the shell's side menu asks on every screen (whether check-in is on, the capabilities its
 * links require), apart from the check-in's own requests (checkin.queries.ts): the menu loads this
 * small module alone, not the check-in's mutations and the buybacks' keys.
 */

export const checkinKeys = {
  all: ['warehouse-checkin'] as const,
  allSettings: () => [...checkinKeys.all, 'settings'] as const,
  settings: (userId: string, module: string) => [...checkinKeys.allSettings(), userId, module] as const,
  item: (id: string) => [...checkinKeys.all, 'item', id] as const,
};

/**
 * `GET /warehouse/checkin/settings`: the check-in requirement the user lives (its account's,
 * `disabled` for platform admins). Asked only of users who may check in.
 */
export function useCheckinSettings() {
  const { user, can } = useSession();
  const enabled = Boolean(user) && can('warehouse_checkin.submenu');
  return useQuery({
    queryKey: checkinKeys.settings(user?.id ?? '', user?.currentModule ?? ''),
    enabled,
    queryFn: ({ signal }) => api.get<CheckinSettingsResponse>('/warehouse/checkin/settings', { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * Whether check-in is on for the user: true or false once known, undefined while it is asked.
 * Off when disabled (the menu entry is hidden and the routes lead home).
 */
export function useCheckinEnabled(): boolean | undefined {
  const { can } = useSession();
  const settings = useCheckinSettings();
  if (!can('warehouse_checkin.submenu')) return false;
  if (settings.data) return settings.data.requirement !== 'disabled';
  return settings.isError ? false : undefined;
}

/** The capabilities menu links may require (app/navigation.ts, `MenuLink.requires`). */
export function useMenuRequirements(): Has {
  const checkin = useCheckinEnabled();
  const { user } = useSession();
  const sftp = usePremiumFeature('sftp_access');
  const refurbishment = useRefurbishmentFeature();
  return (requirement) => {
    if (requirement === 'warehouseCheckin') return checkin === true;
    if (requirement === 'advancedStocks' || requirement === 'refurbSteps' || requirement === 'diagnosis')
      return refurbishment(requirement);
    if (requirement === 'sftpAccess') return sftp.enabled;
    if (requirement === 'brandModule' || requirement === 'buyerModule')
      return inSettingsModule(requirement, user);
    return Boolean(user && shipsPackages(user));
  };
}
