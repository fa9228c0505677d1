import { permissionsFor, type UserType } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../platform/context';
import {
  accountOfModules,
  assignableUserTypes,
  canManageModule,
  currentModuleOf,
  type HeldModule,
  isEditableBy,
  type ParentOrganization,
  planModules,
  sameModules,
  userTypeViolations,
} from './users.rules';

const MU = '/r/mu/';
const STORE = '/r/mu/store/';
const OTHER_STORE = '/r/mu2/store2/';
const WAREHOUSE = '/b/w/';

function actor(userType: UserType, organizationPath: string, module = 'tim' as Actor['module']): Actor {
  return {
    userId: 'me',
    sessionId: 's',
    accountId: 'retail',
    email: 'me@test',
    module,
    userType,
    organizationId: 'org',
    organizationPath,
    isPlatform: userType === 'admin' || userType === 'super_admin',
    permissions: new Set(permissionsFor(userType, module)),
  };
}

const held = (
  moduleType: HeldModule['moduleType'],
  userType: UserType,
  path: string,
  account = 'retail',
): HeldModule => ({
  moduleType,
  userType,
  organizationId: path,
  organizationPath: path,
  organizationAccountId: account,
});

describe('assignable user types', () => {
  it('a store manager grants store manager and store seller in the tim module', () => {
    expect(assignableUserTypes(actor('store_manager', STORE))).toEqual([
      { moduleType: 'tim', userType: 'store_manager' },
      { moduleType: 'tim', userType: 'store_seller' },
    ]);
  });

  it('a buyer manager grants warehouse roles in the rps module', () => {
    expect(assignableUserTypes(actor('buyer_manager', '/b/', 'lcm'))).toContainEqual({
      moduleType: 'rps',
      userType: 'warehouse_operator',
    });
  });

  it('an analyst grants nothing', () => {
    expect(assignableUserTypes(actor('management_unit_analyst', MU))).toEqual([]);
  });
});

describe('who manages a role', () => {
  const manager = actor('management_unit_manager', MU);

  it('a manager manages a grantable role in its subtree', () => {
    expect(canManageModule(manager, held('tim', 'store_seller', STORE))).toBe(true);
  });

  it('a role outside the subtree is not manageable', () => {
    expect(canManageModule(manager, held('tim', 'store_seller', OTHER_STORE))).toBe(false);
  });

  it('a role above the actor rank is not manageable, and makes the user read-only', () => {
    const roles = [held('tim', 'root_management_unit_manager', MU)];
    expect(canManageModule(manager, roles[0] as HeldModule)).toBe(false);
    expect(isEditableBy(manager, roles)).toBe(false);
  });

  it('a role the actor does not see leaves the user editable', () => {
    expect(
      isEditableBy(manager, [
        held('tim', 'store_seller', STORE),
        held('rps', 'warehouse_manager', WAREHOUSE),
      ]),
    ).toBe(true);
  });

  it('an admin cannot edit a super admin', () => {
    expect(isEditableBy(actor('admin', '/p/', 'root'), [held('root', 'super_admin', '/p/')])).toBe(false);
  });
});

describe('planning the roles of a patch', () => {
  const manager = actor('store_manager', STORE);
  const tim = held('tim', 'store_seller', STORE);
  const rps = held('rps', 'warehouse_operator', WAREHOUSE, 'buyer');
  const bare = ({ moduleType, userType, organizationId }: HeldModule) => ({
    moduleType,
    userType,
    organizationId,
  });

  it('keeps an unchanged entry without checking it again', () => {
    const plan = planModules(manager, [tim], [bare(tim)]);
    expect(plan).toEqual({ modules: [bare(tim)], toCheck: [], violations: [] });
  });

  it('keeps a role the actor cannot manage when the request omits it', () => {
    const changed = { ...bare(tim), userType: 'store_manager' as const };
    const plan = planModules(manager, [tim, rps], [changed]);
    expect(plan.modules).toEqual([changed, bare(rps)]);
    expect(plan.toCheck).toEqual([{ index: 0, module: changed }]);
  });

  it('refuses to change a role the actor cannot manage', () => {
    const plan = planModules(
      manager,
      [tim, rps],
      [bare(tim), { ...bare(rps), userType: 'warehouse_manager' }],
    );
    expect(plan.violations).toEqual([
      expect.objectContaining({ propertyPath: 'modules.1', code: 'user_type_not_assignable' }),
    ]);
  });

  it('removes a manageable role the request omits', () => {
    const other = held('tim', 'store_seller', `${STORE}x/`);
    const plan = planModules(manager, [other], [bare(tim)]);
    expect(plan.modules).toEqual([bare(tim)]);
  });

  it('compares role lists regardless of order', () => {
    expect(sameModules([bare(tim), bare(rps)], [bare(rps), bare(tim)])).toBe(true);
    expect(sameModules([bare(tim)], [{ ...bare(tim), userType: 'store_manager' }])).toBe(false);
  });
});

describe('checking a new role', () => {
  const manager = actor('management_unit_manager', MU);
  const parents = new Map<string, ParentOrganization>([
    ['store', { id: 'store', type: 'store', moduleType: 'tim', accountId: 'retail' }],
    ['mu', { id: 'mu', type: 'management_unit', moduleType: 'tim', accountId: 'retail' }],
  ]);
  const check = (userType: UserType, organizationId: string) =>
    userTypeViolations(
      manager,
      [{ index: 0, module: { moduleType: 'tim', userType, organizationId } }],
      parents,
    );

  it('accepts a store seller in a store', () => {
    expect(check('store_seller', 'store')).toEqual([]);
  });

  it('refuses a store seller whose parent is a management unit', () => {
    expect(check('store_seller', 'mu')).toEqual([
      expect.objectContaining({ propertyPath: 'modules.0.organizationId', code: 'invalid_parent' }),
    ]);
  });

  it('refuses a parent the actor does not see (absent from the visible parents)', () => {
    expect(check('store_seller', 'elsewhere')).toEqual([expect.objectContaining({ code: 'invalid_parent' })]);
  });

  it('refuses a role above the actor rank', () => {
    expect(check('root_management_unit_manager', 'mu')).toEqual([
      expect.objectContaining({ propertyPath: 'modules.0.userType', code: 'user_type_not_assignable' }),
    ]);
  });

  it('refuses a platform role attached to a retailer root', () => {
    const admin = actor('super_admin', '/p/', 'root');
    const roots = new Map<string, ParentOrganization>([
      [
        'retail-root',
        { id: 'retail-root', type: 'root_management_unit', moduleType: 'tim', accountId: 'retail' },
      ],
    ]);
    const violations = userTypeViolations(
      admin,
      [{ index: 0, module: { moduleType: 'root', userType: 'admin', organizationId: 'retail-root' } }],
      roots,
    );
    expect(violations).toEqual([expect.objectContaining({ code: 'invalid_parent' })]);
  });
});

describe('the account of a user', () => {
  it('is the account of the first module in module order', () => {
    expect(
      accountOfModules([
        { moduleType: 'rps', accountId: 'buyer' },
        { moduleType: 'tim', accountId: 'retail' },
      ]),
    ).toEqual({ accountId: 'retail', foreignModules: [] });
  });

  it('refuses roles in two accounts, a warehouse role excepted', () => {
    expect(
      accountOfModules([
        { moduleType: 'tim', accountId: 'retail' },
        { moduleType: 'lcm', accountId: 'buyer' },
      ]).foreignModules,
    ).toEqual(['lcm']);
  });
});

describe('the module a user starts in', () => {
  const modules = [
    { moduleType: 'rps' as const, userType: 'warehouse_manager' as const },
    { moduleType: 'tim' as const, userType: 'store_manager' as const },
  ];

  it('is the preferred module when held', () => {
    expect(currentModuleOf('rps', modules)).toBe('rps');
  });

  it('is otherwise the first module holding permissions', () => {
    expect(currentModuleOf(null, modules)).toBe('tim');
    expect(currentModuleOf('lcm', modules)).toBe('tim');
    expect(
      currentModuleOf(null, [{ moduleType: 'tim', userType: 'pseudo_anonymous' }, ...modules.slice(0, 1)]),
    ).toBe('rps');
  });
});
