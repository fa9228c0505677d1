import { createHmac } from 'node:crypto';

/** The sandbox carrier's pure rules: its tracking numbers and the signature of the events it posts. */

/** The signature header of the events it posts: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export const SIGNATURE_HEADER = 'x-carrier-signature';

/** UPU S10 check digit of 8 digits (weights 8 6 4 2 3 5 9 7). */
export function s10CheckDigit(serial: string): number {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...serial].reduce((total, digit, i) => total + Number(digit) * (weights[i] as number), 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

/** The signature of a body at a time: `t=<t>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
