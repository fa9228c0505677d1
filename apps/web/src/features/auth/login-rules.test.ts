import { LoginRequest } from '@reprise/shared/schemas/auth';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_PATTERN, isEmail, loginRules } from './login-rules';

const issuesOf = (
  result: ReturnType<typeof loginRules.safeParse> | ReturnType<typeof LoginRequest.safeParse>,
) =>
  result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));

const emails = [
  '',
  '   ',
  'a',
  'user@demo.test',
  '  user@demo.test  ',
  'first.last+tag@sub.example.co.uk',
  "o'brien@example.ie",
  'user@localhost',
  'user@@demo.test',
  'user@demo.t',
  '.user@demo.test',
  'user.@demo.test',
  'user..name@demo.test',
  'user@-demo.test',
  'us er@demo.test',
  'élodie@demo.test',
  'user@démo.test',
];
const passwords = ['', ' ', 'x', 'secret', 'x'.repeat(256), 'x'.repeat(257)];

describe('the sign-in form rules', () => {
  it("use zod's own e-mail pattern (with the escaped hyphens written plainly)", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source.replaceAll('\\-', '-'));
  });

  it('give the shared LoginRequest schema’s answers and message codes', () => {
    for (const email of emails)
      for (const password of passwords) {
        const values = { email, password };
        expect(issuesOf(loginRules.safeParse(values)), JSON.stringify(values)).toEqual(
          issuesOf(LoginRequest.safeParse(values)),
        );
      }
    for (const values of [{}, { email: null, password: 3 }])
      expect(issuesOf(loginRules.safeParse(values))).toEqual(issuesOf(LoginRequest.safeParse(values)));
  });

  it('accept the e-mails the shared schema accepts for the single sign-on step', () => {
    for (const email of emails)
      expect(isEmail(email), email).toBe(LoginRequest.shape.email.safeParse(email).success);
  });
});
