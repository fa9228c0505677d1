import { describe, expect, it } from 'vitest';
import { NewPasswordForm } from './schemas/auth';
import { CreateOrganizationRequest } from './schemas/organizations';
import { CreateUserRequest } from './schemas/users';
import { addressText, cityText, email, generalText, password } from './validation';

const codes = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('text lengths', () => {
  it.each([
    ['general text', generalText(), 2, 255],
    ['address', addressText(), 2, 125],
    ['city', cityText(), 2, 45],
  ])('%s accepts %i to %i characters', (_name, schema, min, max) => {
    expect(schema.safeParse('a'.repeat(min)).success).toBe(true);
    expect(schema.safeParse('a'.repeat(max)).success).toBe(true);
    expect(codes(schema.safeParse('a'.repeat(min - 1)))).toEqual(['too_short']);
    expect(codes(schema.safeParse('a'.repeat(max + 1)))).toEqual(['too_long']);
  });
});

describe('password rules', () => {
  it('needs 8 characters with a lowercase letter, an uppercase letter and a digit', () => {
    expect(password().safeParse('Abcdefg1').success).toBe(true);
    expect(codes(password().safeParse('Abcdef1'))).toContain('password_too_short');
    expect(codes(password().safeParse('abcdefg1'))).toContain('password_needs_uppercase');
    expect(codes(password().safeParse('ABCDEFG1'))).toContain('password_needs_lowercase');
    expect(codes(password().safeParse('Abcdefgh'))).toContain('password_needs_digit');
  });

  it('the repeat must match', () => {
    expect(NewPasswordForm.safeParse({ password: 'Abcdefg1', repeat: 'Abcdefg1' }).success).toBe(true);
    expect(codes(NewPasswordForm.safeParse({ password: 'Abcdefg1', repeat: 'Abcdefg2' }))).toEqual([
      'password_mismatch',
    ]);
  });
});

describe('e-mail', () => {
  it('must be valid and is kept in lower case', () => {
    expect(email().parse(' Anne@Example.COM ')).toBe('anne@example.com');
    expect(codes(email().safeParse('anne@'))).toEqual(['invalid_email']);
  });
});

describe('organisation fields', () => {
  const valid = {
    commonName: 'Store',
    type: 'store',
    parentOrganizationId: '00000000-0000-4000-8000-000000000202',
    address: { street: '1 Rue de la Paix', zip: '75002', city: 'Paris', country: 'FR' },
  };
  it('accepts a minimal store', () => {
    expect(CreateOrganizationRequest.safeParse(valid).success).toBe(true);
  });
  it('limits the external id to 45 characters', () => {
    expect(CreateOrganizationRequest.safeParse({ ...valid, externalId: 'x'.repeat(45) }).success).toBe(true);
    expect(codes(CreateOrganizationRequest.safeParse({ ...valid, externalId: 'x'.repeat(46) }))).toEqual([
      'too_long',
    ]);
  });
  it('keeps latitude within -90..90 and longitude within -180..180', () => {
    expect(CreateOrganizationRequest.safeParse({ ...valid, latitude: -90, longitude: 180 }).success).toBe(
      true,
    );
    expect(codes(CreateOrganizationRequest.safeParse({ ...valid, latitude: 90.01 }))).toEqual([
      'latitude_range',
    ]);
    expect(codes(CreateOrganizationRequest.safeParse({ ...valid, longitude: -180.5 }))).toEqual([
      'longitude_range',
    ]);
  });
});

describe('user fields', () => {
  const valid = {
    email: 'new@demo.test',
    firstname: 'Jo',
    lastname: 'Doe',
    modules: [
      { moduleType: 'tim', userType: 'store_seller', organizationId: '00000000-0000-4000-8000-000000000204' },
    ],
  };
  it('needs at least one module', () => {
    expect(CreateUserRequest.safeParse(valid).success).toBe(true);
    expect(codes(CreateUserRequest.safeParse({ ...valid, modules: [] }))).toEqual(['at_least_one_module']);
  });
  it('holds one role per module', () => {
    const twice = [...valid.modules, { ...valid.modules[0], userType: 'store_manager' }];
    expect(codes(CreateUserRequest.safeParse({ ...valid, modules: twice }))).toEqual(['one_role_per_module']);
  });
  it('needs a parent entity for each module', () => {
    expect(
      CreateUserRequest.safeParse({ ...valid, modules: [{ moduleType: 'tim', userType: 'store_seller' }] })
        .success,
    ).toBe(false);
  });
});
