/** EAN-13 check digit (GS1): weights 1 and 3 alternate from the left over the first 12 digits. */

const TWELVE_DIGITS = /^\d{12}$/;
const THIRTEEN_DIGITS = /^\d{13}$/;

/** The check digit of a 12-digit body. */
export function ean13CheckDigit(body: string): number {
  if (!TWELVE_DIGITS.test(body)) throw new RangeError(`an EAN-13 body has 12 digits: ${body}`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (body.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** The 13-digit code: the 12-digit body followed by its check digit. */
export function withEan13CheckDigit(body: string): string {
  return `${body}${ean13CheckDigit(body)}`;
}

/** 13 digits whose last is the check digit of the first 12. */
export function isValidEan13(code: string): boolean {
  return THIRTEEN_DIGITS.test(code) && ean13CheckDigit(code.slice(0, 12)) === code.charCodeAt(12) - 48;
}
