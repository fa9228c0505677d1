import type { BuybackResponse, VerificationResponse } from '@reprise/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';

export interface NumberVerification {
  buyback: BuybackResponse;
  /** `HEAD …/is-verifiable`: 200 verifiable, 409 known but not verifiable. */
  verifiable: boolean;
}

/**
 * By an identification number (8 or 13 digits): the buyback and its item
 * (`GET /buybacks/by-identification-number/{n}`) and whether it is verifiable (`HEAD
 * …/is-verifiable`), asked together.
 */
export function useVerifyNumber() {
  return useMutation({
    mutationFn: async (n: string): Promise<NumberVerification> => {
      const path = `/buybacks/by-identification-number/${n}`;
      const [buyback, verifiable] = await Promise.all([
        api.get<BuybackResponse>(path),
        api.head(`${path}/is-verifiable`).then(
          () => true,
          (error: unknown) => {
            if (error instanceof ApiError && error.status === 409) return false;
            throw error;
          },
        ),
      ]);
      return { buyback, verifiable };
    },
    meta: { handlesErrors: true },
  });
}

/** `POST /items/verification`: the CSV list (multipart, field `file`). */
export function useVerifyList() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<VerificationResponse>('/items/verification', body);
    },
    meta: { handlesErrors: true },
  });
}
