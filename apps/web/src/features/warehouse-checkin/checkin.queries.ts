import type {
  BuybackResponse,
  CheckinSettingsResponse,
  ItemResponse,
  SendBuybacksResponse,
} from '@reprise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Has, inSettingsModule, shipsPackages } from '../../app/navigation';
import { useSession } from '../../app/session';
import { api } from '../../lib/api';
import { buybacksKeys } from '../buybacks';
import { useRefurbishmentFeature } from '../connectors';
import { usePremiumFeature } from '../settings';

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

/** `POST /warehouse/checkin`: registers the item of a code; the screen says why it is refused. */
export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<ItemResponse>('/warehouse/checkin', { code }),
    onSuccess: (item) => {
      queryClient.setQueryData(checkinKeys.item(item.id), item);
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.detail(item.buyback.id) });
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.lists() });
    },
    meta: { handlesErrors: true },
  });
}

/** `GET /items/{id}`: the item of the confirmation screen. */
export function useItem(id: string | undefined) {
  return useQuery({
    queryKey: checkinKeys.item(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => api.get<ItemResponse>(`/items/${id}`, { signal }),
    meta: { handlesErrors: true },
  });
}

/** `POST /buybacks/{id}/send`: the buyback's item is sent to the warehouse. */
export function useSendBuyback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<BuybackResponse>(`/buybacks/${id}/send`),
    onSuccess: (buyback) => {
      queryClient.setQueryData(buybacksKeys.detail(buyback.id), buyback);
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.additionalInfos(buyback.id) });
    },
  });
}

/** `POST /buybacks/send`: a list's selection sent at once; each buyback's outcome. */
export function useSendBuybacks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (buybackIds: string[]) => api.post<SendBuybacksResponse>('/buybacks/send', { buybackIds }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.all });
    },
  });
}
