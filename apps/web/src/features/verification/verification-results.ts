import {
  VERIFICATION_OUTCOMES,
  type VerificationLine,
  type VerificationOutcome,
} from '@reprise/shared/schemas/verification';

/**
 * An identification number as typed or scanned for the verification: 8 or 13 digits, spaces
 * removed. Anything else is refused without asking the server (`code_length_invalid`).
 */
export function normaliseNumber(input: string): string | null {
  const digits = input.replace(/\s+/g, '');
  return /^(\d{8}|\d{13})$/.test(digits) ? digits : null;
}

/** How many lines of each outcome. */
export function countOutcomes(results: readonly VerificationLine[]): Record<VerificationOutcome, number> {
  const counts = Object.fromEntries(VERIFICATION_OUTCOMES.map((o) => [o, 0])) as Record<
    VerificationOutcome,
    number
  >;
  for (const result of results) counts[result.outcome] += 1;
  return counts;
}

/** A CSV cell: quoted when it holds the separator, a quote or a line break. */
function cell(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The results as a CSV file (semicolon-separated, UTF-8 with a byte-order mark so that
 * spreadsheets read the accents), its header and outcomes in the user's language.
 */
export function resultsCsv(
  results: readonly VerificationLine[],
  labels: {
    header: [string, string, string, string, string, string, string];
    outcome: (outcome: VerificationOutcome) => string;
    status: (status: NonNullable<VerificationLine['status']>) => string;
  },
): string {
  const lines = [labels.header.map(cell).join(';')];
  for (const r of results)
    lines.push(
      [
        String(r.line),
        r.code,
        labels.outcome(r.outcome),
        r.status ? labels.status(r.status) : '',
        r.identificationNumber ?? '',
        r.productName ?? '',
        r.warehouse?.commonName ?? '',
      ]
        .map(cell)
        .join(';'),
    );
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
