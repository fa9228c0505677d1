import { customerSchemaFor, type Violation } from '@reprise/shared';
import { AppError } from '../../platform/errors';

/** The rule a buyback's customer is held to, at its creation and at its edition (edition.service.ts). */

/** The customer checked with the account's rules and the payment modes' IBAN need (`customerSchemaFor`). */
export function validateCustomer(
  raw: Record<string, unknown>,
  iban: string | null | undefined,
  options: { identityDocumentRequired: boolean; ibanRequired: boolean; countries?: readonly string[] },
) {
  const schema = customerSchemaFor(options);
  const result = schema.safeParse({ ...raw, iban: raw.iban ?? iban ?? null });
  if (result.success) return result.data;
  const violations: Violation[] = result.error.issues.map((issue) => ({
    propertyPath: ['customer', ...issue.path.map(String)].join('.'),
    message: issue.message,
    code: /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid_value',
  }));
  throw new AppError('validation_failed', 'The customer information is not valid.', violations);
}
