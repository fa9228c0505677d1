import { describe, expect, it } from 'vitest';
import {
  CreateClientAccountRequest,
  clientModuleViolations,
  PatchClientAccountRequest,
} from './account-admin';

const address = { street: '1 Rue du Test', zip: '75001', city: 'Paris', country: 'FR' };
const codes = (kind: 'retailer' | 'buyer', modules: ('tim' | 'lcm' | 'rps')[]) =>
  clientModuleViolations(kind, modules).map((v) => v.code);

describe('the modules of a client', () => {
  it("keep the module of the kind's root organisation", () => {
    expect(codes('retailer', ['lcm'])).toEqual(['root_module_required']);
    expect(codes('buyer', ['tim'])).toEqual(['root_module_required']);
    expect(codes('retailer', ['tim', 'lcm'])).toEqual([]);
  });

  it('give warehouses (rps) only with the buyer module (lcm)', () => {
    expect(codes('retailer', ['tim', 'rps'])).toEqual(['workshop_module_needs_buyer']);
    expect(codes('buyer', ['lcm', 'rps'])).toEqual([]);
  });
});

describe('the client requests', () => {
  it('a creation defaults to an active client in French and euros, and names its module errors', () => {
    const parsed = CreateClientAccountRequest.parse({
      kind: 'buyer',
      corporateName: 'Buyer SAS',
      commonName: 'Buyer',
      address,
      modules: ['lcm'],
    });
    expect(parsed).toMatchObject({
      status: 'active',
      language: 'fr-FR',
      currency: 'EUR',
      paymentIssuer: false,
    });
    const refused = CreateClientAccountRequest.safeParse({ ...parsed, kind: 'retailer' });
    expect(refused.error?.issues.map((i) => i.message)).toEqual(['root_module_required']);
  });

  it('a patch never changes the kind, and refuses a module listed twice', () => {
    expect(PatchClientAccountRequest.safeParse({ kind: 'buyer' }).success).toBe(false);
    expect(PatchClientAccountRequest.safeParse({ modules: ['tim', 'tim'] }).error?.issues[0]?.message).toBe(
      'duplicate_module',
    );
  });
});
