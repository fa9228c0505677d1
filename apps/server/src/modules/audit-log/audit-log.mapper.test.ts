import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets, toAuditEntryCsvValues } from './audit-log.mapper';
import type { AuditEntryRow } from './audit-log.repository';

const row = (over: Partial<AuditEntryRow> = {}): AuditEntryRow => ({
  id: '7',
  at: new Date('2026-01-15T10:30:00.000Z'),
  at_key: '2026-01-15 10:30:00+00',
  action: 'update',
  entity_type: 'user',
  entity_id: '00000000-0000-4000-8000-000000000999',
  before: null,
  after: null,
  account_id: null,
  account_name: null,
  actor_user_id: null,
  actor_name: null,
  actor_email: null,
  ...over,
});

describe('audit log redaction', () => {
  it('redacts the value of every key named like a password, secret, token, hash or IBAN, in any case', () => {
    expect(
      redactSecrets({
        password: 'p',
        passwordHash: 'h',
        clientSecret: 's',
        api_token: 't',
        TOKEN_HASH: 'th',
        iban: 'FR76',
        ibanMasked: 'FR76 **** 189',
        email: 'kept@demo.test',
      }),
    ).toEqual({
      password: REDACTED,
      passwordHash: REDACTED,
      clientSecret: REDACTED,
      api_token: REDACTED,
      TOKEN_HASH: REDACTED,
      iban: REDACTED,
      ibanMasked: REDACTED,
      email: 'kept@demo.test',
    });
  });

  it('redacts at any depth, inside arrays too, and a secret-like key holding an object whole', () => {
    expect(
      redactSecrets({
        settings: { sftp: { password: 'p', login: 'demo' } },
        payments: [{ iban: 'FR76', amount: 10 }],
        credentials: { secret: { key: 'k' } },
        tokens: ['a', 'b'],
      }),
    ).toEqual({
      settings: { sftp: { password: REDACTED, login: 'demo' } },
      payments: [{ iban: REDACTED, amount: 10 }],
      credentials: { secret: REDACTED },
      tokens: REDACTED,
    });
  });

  it('keeps a secret-like key that holds nothing, and values that are not objects, as they are', () => {
    expect(redactSecrets({ passwordHash: null, name: 'x' })).toEqual({ passwordHash: null, name: 'x' });
    expect(redactSecrets(null)).toBeNull();
    expect(redactSecrets('token')).toBe('token');
    expect(redactSecrets(3)).toBe(3);
  });
});

describe('audit log CSV line', () => {
  it('writes the entry as the list shows it, states as JSON with their secrets redacted', () => {
    const values = toAuditEntryCsvValues(
      row({
        account_id: '00000000-0000-4000-8000-000000000200',
        account_name: 'Demo Retail',
        actor_user_id: '00000000-0000-4000-8000-000000000777',
        actor_name: 'Ada Admin',
        actor_email: 'admin@demo.test',
        before: { status: 'active', passwordHash: 'argon' },
        after: { status: 'disabled' },
      }),
    );
    expect(values).toEqual([
      '2026-01-15T10:30:00.000Z',
      '00000000-0000-4000-8000-000000000200',
      'Demo Retail',
      '00000000-0000-4000-8000-000000000777',
      'Ada Admin',
      'admin@demo.test',
      'update',
      'user',
      '00000000-0000-4000-8000-000000000999',
      `{"status":"active","passwordHash":"${REDACTED}"}`,
      '{"status":"disabled"}',
    ]);
  });

  it('makes a name a spreadsheet would run as a formula inert, and leaves empty cells for what is absent', () => {
    const values = toAuditEntryCsvValues(
      row({ actor_user_id: '00000000-0000-4000-8000-000000000777', actor_name: '=HYPERLINK("x")' }),
    );
    expect(values[4]).toBe(`'=HYPERLINK("x")`);
    expect(values[1]).toBeUndefined();
    expect(values[9]).toBeNull();
  });
});
