import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The carrier webhook's signature (docs/transport.md, "Webhook signature"): the header
 * `X-Carrier-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(webhook secret, "<t>.<raw body>")>`
 * (several `v1` while a carrier rotates its secret). The signature is checked first, in constant
 * time, then the time: more than 5 minutes away from ours is refused, so a captured request
 * cannot be sent again later.
 */

export const SIGNATURE_HEADER = 'x-carrier-signature';
const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureCheck = 'valid' | 'invalid' | 'stale';

export function checkSignature(
  secret: string,
  header: string | undefined,
  rawBody: Buffer,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header || header.length > 1024) return 'invalid';
  let timestamp: string | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = value;
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value))
      signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === null || signatures.length === 0) return 'invalid';
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  if (!signatures.some((signature) => timingSafeEqual(signature, expected))) return 'invalid';
  return Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds ? 'stale' : 'valid';
}
