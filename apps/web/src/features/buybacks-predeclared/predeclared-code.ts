import type { BuybackResponse } from '@reprise/shared';

/**
 * A pre-declared buyback's code as typed or scanned: exactly 13 digits (spaces a scanner or a
 * person may add are ignored). Anything else is "not recognised" without asking the server.
 */
export function normaliseCode(input: string): string | null {
  const digits = input.replace(/\s+/g, '');
  return /^\d{13}$/.test(digits) ? digits : null;
}

export type PredeclaredLookup =
  | { kind: 'eligible'; buyback: BuybackResponse }
  /** Found, but not (or no longer) a pre-declared buyback that may be finalised at a counter. */
  | { kind: 'not_eligible'; buyback: BuybackResponse };

/** A buyback found by its code is eligible when it is still pre-declared and may be finalised. */
export function lookupOf(buyback: BuybackResponse): PredeclaredLookup {
  return buyback.predeclared && buyback.allowedActions.finalize
    ? { kind: 'eligible', buyback }
    : { kind: 'not_eligible', buyback };
}
