/**
 * Integer money arithmetic: every amount is a whole number of cents, and every division rounds
 * half away from zero (12.5 → 13, −12.5 → −13), so the browser and the server agree to the cent.
 */

/** Throws unless `value` is a safe integer: a price is never a fraction of a cent. */
export function assertWholeCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value))
    throw new RangeError(`${name} must be a whole number of cents (${value})`);
}

/** `numerator / denominator` rounded half away from zero; both whole, denominator > 0. */
export function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`cannot divide ${numerator} by ${denominator}`);
  }
  const magnitude = Math.abs(numerator);
  const remainder = magnitude % denominator;
  // (magnitude − remainder) is an exact multiple of the denominator: the quotient is exact.
  const quotient = (magnitude - remainder) / denominator + (remainder * 2 >= denominator ? 1 : 0);
  return numerator < 0 && quotient !== 0 ? -quotient : quotient;
}

/** `percent` % of `cents`, rounded half away from zero to the cent. */
export function percentOf(cents: number, percent: number): number {
  assertWholeCents('amount', cents);
  if (!Number.isSafeInteger(percent)) throw new RangeError(`percentage must be a whole number (${percent})`);
  const product = cents * percent;
  if (!Number.isSafeInteger(product)) throw new RangeError(`amount too large (${cents} × ${percent} %)`);
  return divideRounded(product, 100);
}
