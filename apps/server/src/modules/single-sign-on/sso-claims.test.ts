import { SSO_DEFAULT_CLAIM_TYPES } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { claimValue, domainOf, modulesAfterSignIn, modulesFromRoles, readClaims } from './sso-claims';

const STORE = '00000000-0000-4000-8000-000000000204';
const MU = '00000000-0000-4000-8000-000000000202';
const WAREHOUSE = '00000000-0000-4000-8000-000000000302';

describe('the claims of a single sign-on', () => {
  it('reads the standard claims, the e-mail lower-cased', () => {
    expect(
      readClaims(
        { email: 'Jane.Doe@Example.COM', given_name: ' Jane ', family_name: 'Doe', roles: ['a', 'b'] },
        SSO_DEFAULT_CLAIM_TYPES,
      ),
    ).toEqual({
      email: 'jane.doe@example.com',
      emailVerified: true,
      firstname: 'Jane',
      lastname: 'Doe',
      roles: ['a', 'b'],
    });
  });

  it('reads a nested claim by a dotted name, unless a claim has that exact name', () => {
    expect(claimValue({ realm_access: { roles: ['x'] } }, 'realm_access.roles')).toEqual(['x']);
    expect(
      claimValue({ 'realm_access.roles': 'flat', realm_access: { roles: ['x'] } }, 'realm_access.roles'),
    ).toBe('flat');
    expect(claimValue({ realm_access: 'text' }, 'realm_access.roles')).toBeUndefined();
  });

  it('takes one role given as a text, ignores roles that are not texts or numbers, and no roles as none', () => {
    const types = { ...SSO_DEFAULT_CLAIM_TYPES, roles: 'groups' };
    expect(readClaims({ groups: 'sellers' }, types).roles).toEqual(['sellers']);
    expect(readClaims({ groups: ['a', 3, { b: 1 }, null] }, types).roles).toEqual(['a', '3']);
    expect(readClaims({}, types).roles).toEqual([]);
  });

  it('counts an e-mail as unverified only when the provider says so', () => {
    expect(
      readClaims({ email: 'a@b.test', email_verified: false }, SSO_DEFAULT_CLAIM_TYPES).emailVerified,
    ).toBe(false);
    expect(readClaims({ email: 'a@b.test' }, SSO_DEFAULT_CLAIM_TYPES).emailVerified).toBe(true);
    expect(readClaims({ email: '  ' }, SSO_DEFAULT_CLAIM_TYPES).email).toBeNull();
  });

  it('maps roles to one user type per module: the first entry of the mapping that matches', () => {
    const mapping = [
      { claimValue: 'managers', userType: 'management_unit_manager' as const, organizationId: MU },
      { claimValue: 'sellers', userType: 'store_seller' as const, organizationId: STORE },
      { claimValue: 'warehouse', userType: 'warehouse_operator' as const, organizationId: WAREHOUSE },
    ];
    expect(modulesFromRoles(['sellers', 'managers'], mapping)).toEqual([
      { moduleType: 'tim', userType: 'management_unit_manager', organizationId: MU },
    ]);
    expect(modulesFromRoles(['sellers', 'warehouse'], mapping)).toEqual([
      { moduleType: 'tim', userType: 'store_seller', organizationId: STORE },
      { moduleType: 'rps', userType: 'warehouse_operator', organizationId: WAREHOUSE },
    ]);
    expect(modulesFromRoles(['visitors'], mapping)).toEqual([]);
  });

  it('at every sign-in, the roles decide the modules the mapping names; the others stay the administrators’', () => {
    const mapping = [
      { claimValue: 'managers', userType: 'store_manager' as const, organizationId: STORE },
      { claimValue: 'sellers', userType: 'store_seller' as const, organizationId: STORE },
    ];
    const seller = { moduleType: 'tim' as const, userType: 'store_seller' as const, organizationId: STORE };
    const operator = {
      moduleType: 'rps' as const,
      userType: 'warehouse_operator' as const,
      organizationId: WAREHOUSE,
    };
    // promoted at the provider
    expect(modulesAfterSignIn([seller, operator], ['managers'], mapping)).toEqual([
      operator,
      { moduleType: 'tim', userType: 'store_manager', organizationId: STORE },
    ]);
    // the role withdrawn at the provider: the module goes, the unmapped one stays
    expect(modulesAfterSignIn([seller, operator], [], mapping)).toEqual([operator]);
    expect(modulesAfterSignIn([seller], ['visitors'], mapping)).toEqual([]);
    // no mapping: nothing changes
    expect(modulesAfterSignIn([seller, operator], ['managers'], [])).toEqual([operator, seller]);
  });

  it('reads the domain of an e-mail, lower-cased', () => {
    expect(domainOf('Jane@Sub.Example.COM')).toBe('sub.example.com');
  });
});
