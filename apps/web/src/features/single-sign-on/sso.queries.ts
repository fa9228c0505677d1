import type {
  SsoAuthorizationUrlResponse,
  SsoCallbackResponse,
  SsoConfigurationRequest,
  SsoConfigurationResponse,
  SsoLogoutResponse,
} from '@reprise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Single sign-on (modules/single-sign-on on the server): the configuration screen and the sign-in's steps. */
const ssoKeys = {
  all: ['single-sign-on'] as const,
  configuration: (organizationId: string) => [...ssoKeys.all, 'configuration', organizationId] as const,
};

const configurationPath = (organizationId: string) => `/organizations/${organizationId}/single-sign-on`;

export function useSsoConfiguration(organizationId: string) {
  return useQuery({
    queryKey: ssoKeys.configuration(organizationId),
    queryFn: ({ signal }) => api.get<SsoConfigurationResponse>(configurationPath(organizationId), { signal }),
  });
}

/** Creates or replaces the configuration; the answer seeds the cache. */
export function useSaveSsoConfiguration(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoConfigurationRequest) =>
      api.put<SsoConfigurationResponse>(configurationPath(organizationId), body),
    onSuccess: (saved) => queryClient.setQueryData(ssoKeys.configuration(organizationId), saved),
    meta: { handlesErrors: true },
  });
}

export function useDeleteSsoConfiguration(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(configurationPath(organizationId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKeys.configuration(organizationId) }),
  });
}

/** The provider's address for this e-mail (sets the cookie the callback comes back with). */
export const fetchAuthorizationUrl = (email: string) =>
  api.get<SsoAuthorizationUrlResponse>('/open-id/authorization-url', { query: { email }, silent401: true });

/** Forwards the provider's answer; answers the `openidSessionId` that signs in once. */
export const completeSingleSignOn = (organizationId: string, search: string) =>
  api.get<SsoCallbackResponse>(`/open-id/${organizationId}/callback${search}`, { silent401: true });

/** Ends the session, and says where to end the provider's session too. */
export const postSsoLogout = () =>
  api.post<SsoLogoutResponse>('/open-id/logout', undefined, { silent401: true });
