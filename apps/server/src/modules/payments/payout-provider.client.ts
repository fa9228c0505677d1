import { PAYOUT_SIGNATURE_HEADER, payoutRequestSigned, signPayload } from './payout-signature';

/**
 * A payment provider's payout API over HTTP (docs/payments.md, "Payouts through a provider"; the
 * sandbox bank and wallet of modules/sandbox-payouts answer it, nothing of them is imported here).
 * `POST <uri>/payouts` with the app secret as bearer, the app id, an idempotency key and the
 * request's signature (the private key). Every call has a timeout; a 4xx other than 408, 425 and
 * 429 is a refusal for good, anything else may be tried again.
 */

const TIMEOUT_MS = 10_000;
const TRANSIENT = new Set([408, 425, 429]);

export interface PayoutProviderSettings {
  /** The API's base, absolute. */
  uri: string;
  appId: string;
  appSecret: string;
  privateKey: string;
}

export interface PayoutRequest {
  idempotencyKey: string;
  reference: string;
  amountCents: number;
  currency: string;
  beneficiary: { name: string; iban?: string; email?: string };
}

export class PayoutProviderError extends Error {
  constructor(
    message: string,
    /** A refusal for good: trying again changes nothing. */
    readonly permanent: boolean,
    /** The provider's code of a refusal (its problem document's `code`), if it gave one. */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

export async function requestPayout(
  settings: PayoutProviderSettings,
  request: PayoutRequest,
): Promise<{ id: string; status: string }> {
  const { idempotencyKey, ...body } = request;
  let response: Response;
  try {
    response = await fetch(`${settings.uri.replace(/\/+$/, '')}/payouts`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${settings.appSecret}`,
        'x-app-id': settings.appId,
        'idempotency-key': idempotencyKey,
        [PAYOUT_SIGNATURE_HEADER]: signPayload(
          settings.privateKey,
          Math.floor(Date.now() / 1000),
          payoutRequestSigned(request),
        ),
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new PayoutProviderError(`the provider did not answer: ${(error as Error).message}`, false);
  }
  const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.status === 200 || response.status === 201) {
    if (typeof answer?.id !== 'string')
      throw new PayoutProviderError('the provider answered no payout id', false);
    return { id: answer.id, status: String(answer.status ?? 'accepted') };
  }
  const permanent = response.status >= 400 && response.status < 500 && !TRANSIENT.has(response.status);
  const code = typeof answer?.code === 'string' ? answer.code : null;
  throw new PayoutProviderError(
    `the provider answered HTTP ${response.status} ${code ?? ''}`.trim(),
    permanent,
    code,
  );
}
