import { describe, expect, it } from 'vitest';
import { SsoAuthorizationUrlQuery, SsoConfigurationRequest } from './single-sign-on';

const valid = {
  status: 'active',
  domains: ['Example.COM '],
  clientId: 'reprise',
  clientSecret: 'secret',
  configurationEndpoint: 'https://idp.example.com/.well-known/openid-configuration',
  scope: 'openid email profile',
  roleMapping: [],
  claimTypes: {
    email: 'email',
    firstname: 'given_name',
    lastname: 'family_name',
    roles: 'realm_access.roles',
  },
};

const codes = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('the single sign-on configuration schema', () => {
  it('keeps domains lower-cased and trimmed', () => {
    const parsed = SsoConfigurationRequest.parse(valid);
    expect(parsed.domains).toEqual(['example.com']);
  });

  it('refuses a domain with a scheme or a path, a scope without openid, a claim name with spaces', () => {
    expect(
      codes(SsoConfigurationRequest.safeParse({ ...valid, domains: ['https://example.com'] })),
    ).toContain('invalid_domain');
    expect(codes(SsoConfigurationRequest.safeParse({ ...valid, scope: 'email profile' }))).toContain(
      'scope_needs_openid',
    );
    expect(codes(SsoConfigurationRequest.safeParse({ ...valid, scope: 'openid  email' }))).toContain(
      'invalid_scope',
    );
    expect(
      codes(
        SsoConfigurationRequest.safeParse({ ...valid, claimTypes: { ...valid.claimTypes, email: 'e mail' } }),
      ),
    ).toContain('invalid_claim_name');
  });

  it('maps no platform operator nor visitor type', () => {
    const entry = { claimValue: 'x', organizationId: '00000000-0000-4000-8000-000000000201' };
    for (const userType of ['admin', 'super_admin', 'pseudo_anonymous'])
      expect(
        SsoConfigurationRequest.safeParse({ ...valid, roleMapping: [{ ...entry, userType }] }).success,
      ).toBe(false);
    expect(
      SsoConfigurationRequest.safeParse({ ...valid, roleMapping: [{ ...entry, userType: 'store_seller' }] })
        .success,
    ).toBe(true);
  });

  it('starts a sign-in from a domain or an e-mail, and needs one of them', () => {
    expect(SsoAuthorizationUrlQuery.safeParse({ domain: 'example.com' }).success).toBe(true);
    expect(SsoAuthorizationUrlQuery.safeParse({ email: 'jane@example.com' }).success).toBe(true);
    expect(SsoAuthorizationUrlQuery.safeParse({}).success).toBe(false);
  });
});
