import {
  type ModuleType,
  type SsoClaimTypes,
  type SsoRoleMappingEntry,
  USER_TYPES_BY_MODULE,
  type UserType,
} from '@reprise/shared';

/**
 * What a provider's claims say of a user (docs/single-sign-on.md, "Claims and role mapping"):
 * the claim types name the claims read; a name with dots reads a nested claim
 * (`realm_access.roles`) unless a claim of that exact name exists.
 */

export function claimValue(claims: Record<string, unknown>, name: string): unknown {
  if (name in claims) return claims[name];
  let value: unknown = claims;
  for (const part of name.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim().length > 0 ? value.trim() : null;

export interface ClaimedUser {
  email: string | null;
  /** False only when the provider says the e-mail is not verified. */
  emailVerified: boolean;
  firstname: string | null;
  lastname: string | null;
  roles: string[];
}

export function readClaims(claims: Record<string, unknown>, types: SsoClaimTypes): ClaimedUser {
  const roles = claimValue(claims, types.roles);
  return {
    email: text(claimValue(claims, types.email))?.toLowerCase() ?? null,
    emailVerified: claims.email_verified !== false,
    firstname: text(claimValue(claims, types.firstname)),
    lastname: text(claimValue(claims, types.lastname)),
    roles: (Array.isArray(roles) ? roles : roles === undefined || roles === null ? [] : [roles])
      .filter((r): r is string | number => typeof r === 'string' || typeof r === 'number')
      .map(String),
  };
}

const moduleOf = (userType: UserType) =>
  (Object.keys(USER_TYPES_BY_MODULE) as ModuleType[]).find((m) => USER_TYPES_BY_MODULE[m].includes(userType));

/**
 * The modules the role mapping gives for these roles: per module, the first entry (in the
 * mapping's order) whose claim value the user holds.
 */
export function modulesFromRoles(
  roles: readonly string[],
  mapping: readonly SsoRoleMappingEntry[],
): { moduleType: ModuleType; userType: UserType; organizationId: string }[] {
  const held = new Set(roles);
  const modules = new Map<
    ModuleType,
    { moduleType: ModuleType; userType: UserType; organizationId: string }
  >();
  for (const entry of mapping) {
    const moduleType = moduleOf(entry.userType);
    if (!moduleType || !held.has(entry.claimValue) || modules.has(moduleType)) continue;
    modules.set(moduleType, { moduleType, userType: entry.userType, organizationId: entry.organizationId });
  }
  return [...modules.values()];
}

type HeldModule = { moduleType: ModuleType; userType: UserType; organizationId: string };

/**
 * A known user's modules after a sign-in (docs/single-sign-on.md, "The user"): in every module the
 * role mapping names, the claimed roles decide (the type and parent they give, or none: the module
 * is withdrawn); the modules the mapping never names stay as the administrators set them.
 */
export function modulesAfterSignIn(
  held: readonly HeldModule[],
  roles: readonly string[],
  mapping: readonly SsoRoleMappingEntry[],
): HeldModule[] {
  const named = new Set(mapping.map((entry) => moduleOf(entry.userType)));
  return [...held.filter((m) => !named.has(m.moduleType)), ...modulesFromRoles(roles, mapping)].sort((a, b) =>
    a.moduleType.localeCompare(b.moduleType),
  );
}

/** The domain of an e-mail address, lower-cased. */
export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();
