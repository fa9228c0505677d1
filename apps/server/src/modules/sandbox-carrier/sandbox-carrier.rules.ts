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

/** The sandbox carrier's pick-up slots: 08:00–12:00 and 13:00–17:00 UTC of the next 6 days but Sundays. */
export function pickupSlotsFrom(now: Date): { start: string; end: string }[] {
  const slots: { start: string; end: string }[] = [];
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  for (let offset = 1; offset <= 6; offset++) {
    const date = new Date(day.getTime() + offset * 86_400_000);
    if (date.getUTCDay() === 0) continue;
    for (const [from, to] of [
      [8, 12],
      [13, 17],
    ] as const) {
      slots.push({
        start: new Date(date.getTime() + from * 3_600_000).toISOString(),
        end: new Date(date.getTime() + to * 3_600_000).toISOString(),
      });
    }
  }
  return slots;
}

/** What the sandbox carrier charges for a pick-up: 9.90, and 4.00 more for a parcel above 5 kg. */
export const pickupPriceCents = (weightGrams: number) => (weightGrams > 5000 ? 1390 : 990);
