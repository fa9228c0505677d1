import { CreateUserRequest, type UserResponse } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import {
  emptyModuleRow,
  missingModuleFields,
  toUserRequest,
  userFormValues,
  userPatch,
  withModule,
  withUserType,
} from './user-form-values';

const STORE = '00000000-0000-4000-8000-000000000205';
const MANAGEMENT_UNIT = '00000000-0000-4000-8000-000000000202';

const user: UserResponse = {
  id: '00000000-0000-4000-8000-000000000901',
  accountId: '00000000-0000-4000-8000-000000000102',
  email: 'sophie.martin@demo.test',
  firstname: 'Sophie',
  lastname: 'Martin',
  status: 'active',
  forceConnectionBySso: false,
  language: null,
  modules: [
    {
      moduleType: 'tim',
      userType: 'store_manager',
      organizationId: STORE,
      organizationName: 'Demo Retail Lille Rue Neuve',
      organizationType: 'store',
      manageable: true,
    },
  ],
  editable: true,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  lastLoginAt: null,
};

describe('user form values', () => {
  it('starts a new user active, in the account language, with one row in the only grantable module', () => {
    const values = userFormValues(undefined, 'tim');
    expect(values).toMatchObject({ status: 'active', language: null, forceConnectionBySso: false });
    expect(values.modules).toHaveLength(1);
    expect(values.modules[0]).toMatchObject({ moduleType: 'tim', userType: null, organizationId: null });
  });

  it('reports every empty field of a module row as required', () => {
    const values = {
      ...userFormValues(),
      modules: [{ ...emptyModuleRow('tim'), userType: 'store_seller' as const }],
    };
    expect(missingModuleFields(values)).toEqual(['modules.0.organizationId']);
  });

  it('clears user type and organisation when the module of a row changes', () => {
    const row = userFormValues(user).modules[0]!;
    expect(withModule(row, 'rps')).toMatchObject({ moduleType: 'rps', userType: null, organizationId: null });
  });

  it('keeps the organisation when the new user type attaches to the same kind of organisation', () => {
    const row = userFormValues(user).modules[0]!;
    expect(withUserType(row, 'store_seller')).toMatchObject({
      userType: 'store_seller',
      organizationId: STORE,
    });
    expect(withUserType(row, 'management_unit_manager')).toMatchObject({ organizationId: null });
  });

  it('builds a create request the shared schema accepts', () => {
    const values = userFormValues(user);
    const request = CreateUserRequest.parse(toUserRequest({ ...values, email: ' New@Demo.test ' }, false));
    expect(request.email).toBe('new@demo.test');
    expect(request.modules).toEqual([
      { moduleType: 'tim', userType: 'store_manager', organizationId: STORE },
    ]);
  });

  it('sends the force-SSO flag only for those allowed to set it', () => {
    const values = userFormValues(user);
    expect(toUserRequest(values, false)).not.toHaveProperty('forceConnectionBySso');
    expect(toUserRequest(values, true)).toHaveProperty('forceConnectionBySso', false);
  });

  it('patches only what changed', () => {
    const initial = userFormValues(user);
    expect(userPatch(initial, initial, true)).toEqual({});
    const changed = {
      ...initial,
      lastname: 'Martin-Durand',
      modules: [
        {
          ...initial.modules[0]!,
          userType: 'management_unit_manager' as const,
          organizationId: MANAGEMENT_UNIT,
        },
      ],
    };
    expect(userPatch(initial, changed, true)).toEqual({
      lastname: 'Martin-Durand',
      modules: [{ moduleType: 'tim', userType: 'management_unit_manager', organizationId: MANAGEMENT_UNIT }],
    });
  });
});
