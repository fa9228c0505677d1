import type { ValidationIssue } from '../../ui/form-paths';

/**
 * The rules of the shared `LoginRequest` schema (`@reprise/shared/schemas/auth`) for the sign-in
 * form, without zod: zod is 27 kB of gzipped JavaScript the sign-in page would load for two
 * fields (bench/RESULTS.md, issue 23). `login-rules.test.ts` checks that these rules give the same
 * answers and message codes as the shared schema, and that the e-mail pattern is zod's own.
 */

/** zod's e-mail pattern (`z.regexes.email`), which `z.email()` in the shared schema uses. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** The shared schema's longest password. */
const PASSWORD_MAX_LENGTH = 256;

/** An e-mail the shared schema accepts (it trims the value first). */
export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

type Result = { success: true } | { success: false; error: { issues: ValidationIssue[] } };

/** `LoginRequest.safeParse` for the form's values: the same issues (path and message code). */
export const loginRules = {
  safeParse(value: unknown): Result {
    const { email, password } = (value ?? {}) as { email?: unknown; password?: unknown };
    const issues: ValidationIssue[] = [];
    const notText = (field: unknown) =>
      `Invalid input: expected string, received ${field === null ? 'null' : typeof field}`;
    if (typeof email !== 'string') issues.push({ path: ['email'], message: notText(email) });
    else if (!isEmail(email)) issues.push({ path: ['email'], message: 'invalid_email' });
    if (typeof password !== 'string') issues.push({ path: ['password'], message: notText(password) });
    else if (password.length < 1) issues.push({ path: ['password'], message: 'required' });
    else if (password.length > PASSWORD_MAX_LENGTH)
      issues.push({
        path: ['password'],
        message: `Too big: expected string to have <=${PASSWORD_MAX_LENGTH} characters`,
      });
    return issues.length ? { success: false, error: { issues } } : { success: true };
  },
};
