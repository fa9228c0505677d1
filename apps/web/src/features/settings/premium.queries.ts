import type { OrganizationRootDetailResponse, PremiumFeature } from '@reprise/shared';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session';
import { api } from '../../lib/api';

export const rootDetailKeys = {
  all: ['organization-root-detail'] as const,
  detail: (accountId: string) => [...rootDetailKeys.all, accountId] as const,
};

/**
 * `GET /accounts/{id}/organization-root-detail`: an account's root details (its general settings,
 * premium features, category navigation), one cache entry per account for every screen that reads
 * them (modules/accounts/root-details.* on the server).
 */
export function useRootDetail(accountId: string, enabled = true) {
  return useQuery({
    queryKey: rootDetailKeys.detail(accountId),
    enabled: enabled && Boolean(accountId),
    queryFn: ({ signal }) =>
      api.get<OrganizationRootDetailResponse>(`/accounts/${accountId}/organization-root-detail`, { signal }),
    staleTime: 60_000,
  });
}

/** Whether the current account has a premium feature (false while unknown). */
export function usePremiumFeature(feature: PremiumFeature): { enabled: boolean; loaded: boolean } {
  const { user } = useSession();
  const detail = useRootDetail(user?.currentOrganization.account.id ?? '');
  return {
    enabled: detail.data?.enabledPremiumFeatures.includes(feature) ?? false,
    loaded: detail.isSuccess,
  };
}
