import type { OrganizationRootDetailResponse, PremiumFeature } from '@reprise/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useSession } from '../../app/session';
import { api } from '../../lib/api';
import { readCachedRootDetail, writeCachedRootDetail } from '../../lib/root-detail-cache';

export const rootDetailKeys = {
  all: ['organization-root-detail'] as const,
  detail: (accountId: string) => [...rootDetailKeys.all, accountId] as const,
};

/**
 * `GET /accounts/{id}/organization-root-detail`: an account's root details (its general settings,
 * premium features, category navigation), one cache entry per account for every screen that reads
 * them (modules/accounts/root-details.* on the server). The user's own account's start from browser
 * storage (lib/root-detail-cache.ts) and are refetched once stale; every new answer, read or saved
 * (`setQueryData` of the settings' mutations), is written back there.
 */
export function useRootDetail(accountId: string, enabled = true) {
  const { user } = useSession();
  const own = Boolean(accountId) && user?.currentOrganization.account.id === accountId;
  // read once per account, not at every render
  const cached = useMemo(() => (own ? readCachedRootDetail(accountId) : null), [own, accountId]);
  const query = useQuery({
    queryKey: rootDetailKeys.detail(accountId),
    enabled: enabled && Boolean(accountId),
    queryFn: ({ signal }) =>
      api.get<OrganizationRootDetailResponse>(`/accounts/${accountId}/organization-root-detail`, { signal }),
    staleTime: 60_000,
    initialData: cached?.detail,
    initialDataUpdatedAt: cached?.savedAt,
  });
  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    if (own && data && dataUpdatedAt > (cached?.savedAt ?? 0)) writeCachedRootDetail(data, dataUpdatedAt);
  }, [own, data, dataUpdatedAt, cached?.savedAt]);
  return query;
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
