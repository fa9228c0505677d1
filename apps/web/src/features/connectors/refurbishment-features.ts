import type { RefurbishmentFeature, RefurbishmentFeaturesResponse } from '@reprise/shared';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session';
import { api } from '../../lib/api';

/**
 * The query key of the features (its own factory: the shell's route guard reads it, and must not
 * load the connectors' screens and schemas with it). Saving a connector configuration invalidates it.
 */
export const refurbishmentFeaturesKeys = {
  all: ['refurbishment-features'] as const,
  of: (userId: string, module: string) => [...refurbishmentFeaturesKeys.all, userId, module] as const,
};

/** The permissions of the refurbishment screens: only their users ask for the features. */
const REFURBISHMENT_PERMISSIONS = [
  'refurb_step.manage',
  'refurb.write',
  'refurb_diagnostic.write',
  'refurb_diagnostic.manage',
  'stock.manage',
] as const;

/**
 * `GET /refurbishment-features`: the refurbishment features the user's account has on, as its
 * refurbishment connector switches them (docs/refurbishment.md).
 */
function useRefurbishmentFeatures() {
  const { user, can } = useSession();
  return useQuery({
    queryKey: refurbishmentFeaturesKeys.of(user?.id ?? '', user?.currentModule ?? ''),
    enabled: Boolean(user) && REFURBISHMENT_PERMISSIONS.some((p) => can(p)),
    queryFn: ({ signal }) => api.get<RefurbishmentFeaturesResponse>('/refurbishment-features', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Whether a feature is on: true until the account is known to have switched it off. */
export function useRefurbishmentFeature(): (feature: RefurbishmentFeature) => boolean {
  const features = useRefurbishmentFeatures();
  return (feature) => features.data?.[feature] ?? true;
}
