import type {
  BuyerPaymentFeaturesResponse,
  OrganizationRootDetailResponse,
  PatchOrganizationRootDetailRequest,
  PolicyFile,
} from '@reprise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { rootDetailKeys } from '../settings';
import { checkinKeys } from '../warehouse-checkin';

/**
 * The general settings are the account's root details (modules/accounts/root-details.* on the
 * server), read with `useRootDetail` of features/settings: its writes answer the new details,
 * which replace that one cache entry.
 */

const buyerPaymentKeys = {
  all: ['buyer-payment-features'] as const,
  detail: (accountId: string) => [...buyerPaymentKeys.all, accountId] as const,
};

/** `GET /payment/account/{id}/by-buyer-feature-available`: whether the account pays as a buyer. */
export function useBuyerPaymentFeatures(accountId: string) {
  return useQuery({
    queryKey: buyerPaymentKeys.detail(accountId),
    queryFn: () =>
      api.get<BuyerPaymentFeaturesResponse>(`/payment/account/${accountId}/by-buyer-feature-available`),
  });
}

/** `PATCH /organization-root-details/{id}` (merge-patch): the fields sent change, the others stay. */
export function usePatchRootDetail(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: PatchOrganizationRootDetailRequest }) =>
      api.patch<OrganizationRootDetailResponse>(`/organization-root-details/${id}`, patch),
    meta: { handlesErrors: true },
    onSuccess: (detail, { patch }) => {
      queryClient.setQueryData(rootDetailKeys.detail(accountId), detail);
      if (patch.buyerPaymentEnabled !== undefined)
        void queryClient.invalidateQueries({ queryKey: buyerPaymentKeys.detail(accountId) });
      if (patch.warehouseCheckinRequirement !== undefined)
        // the check-in menu entry and screens follow the requirement
        void queryClient.invalidateQueries({ queryKey: checkinKeys.allSettings() });
    },
  });
}

const filePath = (id: string, document: PolicyFile) => `/organization-root-details/${id}/files/${document}`;

/** `PUT /organization-root-details/{id}/files/{document}`: a policy PDF, replaced whole. */
export function useUploadPolicyFile(accountId: string, id: string, document: PolicyFile) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.put<OrganizationRootDetailResponse>(filePath(id, document), body);
    },
    meta: { handlesErrors: true },
    onSuccess: (detail) => queryClient.setQueryData(rootDetailKeys.detail(accountId), detail),
  });
}

/** `DELETE /organization-root-details/{id}/files/{document}`. */
export function useRemovePolicyFile(accountId: string, id: string, document: PolicyFile) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<OrganizationRootDetailResponse>(filePath(id, document)),
    onSuccess: (detail) => queryClient.setQueryData(rootDetailKeys.detail(accountId), detail),
  });
}
