import type {
  BuybackQuestionnaireResponse,
  DeviceCheckResponse,
  EstimateInput,
  EstimateResponse,
  ShippingMethod,
} from '@reprise/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';

export const wizardKeys = {
  all: ['buyback-wizard'] as const,
  questionnaire: (productId: string, language: string) =>
    [...wizardKeys.all, 'questionnaire', productId, language] as const,
  offeredCircuits: (productId: string, country: string) =>
    [...wizardKeys.all, 'offered-circuits', productId, country] as const,
  categories: () => [...wizardKeys.all, 'categories'] as const,
  deviceCheck: (imei: string) => [...wizardKeys.all, 'device-check', imei] as const,
};

/**
 * The stolen-device check of the IMEI entered (`POST /device-checks`, docs/device-check.md): asked
 * once the IMEI is complete and valid (15 digits passing Luhn, or 16–17); kept for the visit.
 */
export function useDeviceCheck(imei: string, enabled: boolean) {
  return useQuery({
    queryKey: wizardKeys.deviceCheck(imei),
    queryFn: () => api.post<DeviceCheckResponse>('/device-checks', { imei }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { handlesErrors: true },
  });
}

/** The product's prices, flags and questions (in the user's language, docs/translations.md), for the steps and the live price. */
export function useBuybackQuestionnaire(productId: string) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useQuery({
    queryKey: wizardKeys.questionnaire(productId, language),
    queryFn: ({ signal }) =>
      api.get<BuybackQuestionnaireResponse>(`/products/${productId}/buyback-questionnaire`, {
        signal,
        headers: { 'Accept-Language': language },
      }),
    retry: false,
    meta: { handlesErrors: true },
  });
}

/** The store circuits (with their payment modes) the product may take: `GET /products/{id}/shipping-methods`. */
export function useOfferedCircuits(productId: string, country: string) {
  return useQuery({
    queryKey: wizardKeys.offeredCircuits(productId, country),
    queryFn: ({ signal }) =>
      api.get<{ member: ShippingMethod[] }>(`/products/${productId}/shipping-methods`, {
        query: { channel: 'store', country },
        signal,
      }),
    select: (data) => data.member,
    retry: false,
    meta: { handlesErrors: true },
  });
}

/** `POST /estimates`: the server's price for what was chosen (the authority over the live price). */
export function useEstimate() {
  return useMutation({
    mutationFn: (body: EstimateInput) => api.post<EstimateResponse>('/estimates', body),
    meta: { handlesErrors: true },
  });
}
