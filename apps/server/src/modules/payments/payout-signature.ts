import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signatures of payouts through a provider (docs/payments.md, "Payouts through a provider"),
 * HMAC-SHA256 keyed with the connector's private key, as `t=<unix seconds>,v1=<hex>`:
 * - a payout request signs `"<t>.<idempotency key>.<reference>.<amount cents>.<currency>"`;
 * - a provider's callback signs `"<t>.<raw body>"`.
 * Checked in constant time, then the time: more than 5 minutes away from ours is refused.
 */

export const PAYOUT_SIGNATURE_HEADER = 'x-payout-signature';
const TOLERANCE_SECONDS = 300;

export const payoutRequestSigned = (p: {
  idempotencyKey: string;
  reference: string;
  amountCents: number;
  currency: string;
}) => `${p.idempotencyKey}.${p.reference}.${p.amountCents}.${p.currency}`;

export function signPayload(key: string, timestamp: number, payload: string | Buffer): string {
  const v1 = createHmac('sha256', key).update(`${timestamp}.`).update(payload).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export function checkPayloadSignature(
  key: string,
  header: string | undefined,
  payload: string | Buffer,
  nowSeconds: number,
): 'valid' | 'invalid' | 'stale' {
  if (!header || header.length > 1024) return 'invalid';
  let timestamp: string | null = null;
  let signature: Buffer | null = null;
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 't' && value && /^\d{1,12}$/.test(value)) timestamp = value;
    else if (name === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signature = Buffer.from(value, 'hex');
  }
  if (timestamp === null || signature === null) return 'invalid';
  const expected = createHmac('sha256', key).update(`${timestamp}.`).update(payload).digest();
  if (!timingSafeEqual(signature, expected)) return 'invalid';
  return Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS ? 'stale' : 'valid';
}
