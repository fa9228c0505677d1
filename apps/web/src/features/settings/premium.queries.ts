import type { OrganizationRootDetailResponse, PremiumFeature } from '@reprise/shared';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session';
import { api } from '../../lib/api';

export const rootDetailKeys = {
  all: ['organization-root-detail'] as const,
  detail: (accountId: string) => [...rootDetailKeys.all, accountId] as const,
};

/** Whether the current account has a premium feature (false while unknown). */
export function usePremiumFeature(feature: PremiumFeature): { enabled: boolean; loaded: boolean } {
  const { user } = useSession();
  const accountId = user?.currentOrganization.account.id ?? '';
  const detail = useQuery({
    queryKey: rootDetailKeys.detail(accountId),
    enabled: Boolean(accountId),
    queryFn: ({ signal }) =>
      api.get<OrganizationRootDetailResponse>(`/accounts/${accountId}/organization-root-detail`, { signal }),
    staleTime: 60_000,
  });
  return {
    enabled: detail.data?.enabledPremiumFeatures.includes(feature) ?? false,
    loaded: detail.isSuccess,
  };
}
