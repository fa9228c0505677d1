import {
  ASSIGNABLE_USER_TYPES,
  isBackOfficeUserType,
  MODULE_TYPES,
  type ModuleType,
  moduleOfUserType,
  type OrganizationType,
  PARENT_TYPE_OF_USER_TYPE,
  permissionsFor,
  type UserModule,
  type UserType,
  type Violation,
} from '@reprise/shared';
import { type Actor, can } from '../../platform/context';
import { isVisiblePath } from '../../platform/scope';

/**
 * A module the user holds (its user type at an organisation), with where that organisation sits
 * (for scope) and its account.
 */
export interface HeldModule extends UserModule {
  organizationPath: string;
  organizationAccountId: string;
}

/** A candidate organisation to hold a user type at, as the actor sees it. */
export interface ParentOrganization {
  id: string;
  type: OrganizationType;
  moduleType: ModuleType;
  accountId: string;
}

type ScopedModule = Pick<HeldModule, 'userType' | 'organizationPath'>;

const grants = (actor: Actor, userType: UserType) => ASSIGNABLE_USER_TYPES[actor.userType].includes(userType);

/** The (module, user type) pairs the actor may grant: its own rank and below. */
export function assignableUserTypes(actor: Actor): { moduleType: ModuleType; userType: UserType }[] {
  return ASSIGNABLE_USER_TYPES[actor.userType].map((userType) => ({
    moduleType: moduleOfUserType(userType),
    userType,
  }));
}

/**
 * The actor may change or remove a held module when it sees its organisation and could grant its
 * user type.
 */
export function canManageModule(actor: Actor, module: ScopedModule): boolean {
  return isVisiblePath(actor, module.organizationPath) && grants(actor, module.userType);
}

/** A user holding, within the actor's view, a user type the actor could not grant is read-only to it. */
export function isEditableBy(actor: Actor, modules: readonly ScopedModule[]): boolean {
  return modules.every((m) => !isVisiblePath(actor, m.organizationPath) || grants(actor, m.userType));
}

const key = (m: UserModule) => `${m.moduleType}|${m.userType}|${m.organizationId}`;

/** True when both lists hold the same user types at the same organisations. */
export function sameModules(a: readonly UserModule[], b: readonly UserModule[]): boolean {
  if (a.length !== b.length) return false;
  const keys = new Set(a.map(key));
  return b.every((m) => keys.has(key(m)));
}

export interface ModulePlan {
  /** The modules the user will hold. */
  modules: UserModule[];
  /** New or changed entries of the request, by their index, to check against their organisation. */
  toCheck: { index: number; module: UserModule }[];
  violations: Violation[];
}

/**
 * Merges requested modules with held ones. An unchanged entry is kept as it is; a held module the
 * actor cannot manage is kept when omitted and cannot be changed; any other entry is checked.
 */
export function planModules(
  actor: Actor,
  held: readonly HeldModule[],
  requested: readonly UserModule[],
): ModulePlan {
  const plan: ModulePlan = { modules: [], toCheck: [], violations: [] };
  requested.forEach((module, index) => {
    const current = held.find((h) => h.moduleType === module.moduleType);
    if (current && key(current) === key(module)) {
      plan.modules.push(module);
    } else if (current && !canManageModule(actor, current)) {
      plan.violations.push({
        propertyPath: `modules.${index}`,
        code: 'user_type_not_assignable',
        message: 'This user type is managed outside your organisation and cannot be changed by you.',
      });
    } else {
      plan.modules.push(module);
      plan.toCheck.push({ index, module });
    }
  });
  for (const current of held) {
    const omitted = !requested.some((m) => m.moduleType === current.moduleType);
    if (omitted && !canManageModule(actor, current)) {
      plan.modules.push({
        moduleType: current.moduleType,
        userType: current.userType,
        organizationId: current.organizationId,
      });
    }
  }
  return plan;
}

/**
 * Checks a new or changed module: the actor may grant its user type, and its organisation is visible
 * to the actor, of the type the user type needs and in the same module. An invisible organisation
 * reads as absent.
 */
export function userTypeViolations(
  actor: Actor,
  entries: readonly { index: number; module: UserModule }[],
  parents: ReadonlyMap<string, ParentOrganization>,
): Violation[] {
  const violations: Violation[] = [];
  for (const { index, module } of entries) {
    if (!grants(actor, module.userType)) {
      violations.push({
        propertyPath: `modules.${index}.userType`,
        code: 'user_type_not_assignable',
        message: 'You cannot grant this user type.',
      });
      continue;
    }
    const parent = parents.get(module.organizationId);
    if (
      !parent ||
      !PARENT_TYPE_OF_USER_TYPE[module.userType].includes(parent.type) ||
      parent.moduleType !== module.moduleType
    ) {
      violations.push({
        propertyPath: `modules.${index}.organizationId`,
        code: 'invalid_parent',
        message: 'This organisation cannot hold this user type.',
      });
    }
  }
  return violations;
}

const moduleRank = (m: ModuleType) => MODULE_TYPES.indexOf(m);

/**
 * The account of a user: the account of its first module's organisation (root, tim, lcm, then rps).
 * Every other module must sit in that account, except a warehouse (rps) module held by a retailer user.
 */
export function accountOfModules(modules: readonly { moduleType: ModuleType; accountId: string }[]): {
  accountId: string | null;
  foreignModules: ModuleType[];
} {
  const ordered = [...modules].sort((a, b) => moduleRank(a.moduleType) - moduleRank(b.moduleType));
  const accountId = ordered[0]?.accountId ?? null;
  const foreignModules = ordered
    .filter((m) => m.moduleType !== 'rps' && m.accountId !== accountId)
    .map((m) => m.moduleType);
  return { accountId, foreignModules };
}

/** The module a user starts in: the preferred one when held with permissions, else the first such. */
export function currentModuleOf(
  preferred: string | null,
  modules: readonly { moduleType: ModuleType; userType: UserType }[],
): ModuleType | null {
  const usable = MODULE_TYPES.filter((m) =>
    modules.some((x) => x.moduleType === m && isBackOfficeUserType(x.userType, m)),
  );
  if (preferred && (usable as string[]).includes(preferred)) return preferred as ModuleType;
  return (
    usable[0] ??
    [...modules].sort((a, b) => moduleRank(a.moduleType) - moduleRank(b.moduleType))[0]?.moduleType ??
    null
  );
}

/** The permissions a user holds, per module. */
export function frontPermissionsOf(modules: readonly { moduleType: ModuleType; userType: UserType }[]) {
  const result: Partial<Record<ModuleType, string[]>> = {};
  for (const m of modules) result[m.moduleType] = permissionsFor(m.userType, m.moduleType);
  return result;
}

/** Setting the force-single-sign-on field needs its own permission: the violation when it is missing. */
export function ssoFieldViolation(
  actor: Actor,
  wanted: boolean | undefined,
  current: boolean,
): Violation | null {
  if (wanted === undefined || wanted === current || can(actor, 'user.force_sso_field')) return null;
  return {
    propertyPath: 'forceConnectionBySso',
    code: 'forbidden',
    message: 'You may not change this field.',
  };
}

/**
 * The modules a user will hold, checked against the candidate organisations read for the plan's
 * entries (`parents`, as the actor sees them): user types the actor may grant at organisations of
 * the right type, all in one account. Answers them with the user's account and its language.
 */
export function resolveModulePlan(
  actor: Actor,
  held: readonly HeldModule[],
  requested: readonly UserModule[],
  plan: ModulePlan,
  parents: readonly (ParentOrganization & { accountLanguage: string })[],
): { modules: UserModule[]; accountId: string; accountLanguage: string | null; violations: Violation[] } {
  const violations = [...plan.violations];
  const byId = new Map(parents.map((p) => [p.id, p]));
  violations.push(...userTypeViolations(actor, plan.toCheck, byId));
  const accountOfOrganization = new Map([
    ...held.map((h) => [h.organizationId, h.organizationAccountId] as const),
    ...parents.map((p) => [p.id, p.accountId] as const),
  ]);
  const { accountId, foreignModules } = accountOfModules(
    plan.modules.map((m) => ({
      moduleType: m.moduleType,
      accountId: accountOfOrganization.get(m.organizationId) ?? '',
    })),
  );
  if (violations.length === 0) {
    for (const moduleType of foreignModules) {
      const index = requested.findIndex((m) => m.moduleType === moduleType);
      violations.push({
        propertyPath: index >= 0 ? `modules.${index}.organizationId` : 'modules',
        code: 'invalid_parent',
        message: 'All modules of a user belong to one account (a warehouse module excepted).',
      });
    }
  }
  const language = parents.find((p) => p.accountId === accountId)?.accountLanguage ?? null;
  return { modules: plan.modules, accountId: accountId as string, accountLanguage: language, violations };
}
