import { z } from 'zod';
import { STATUSES, USER_TYPES, type UserType } from '../enums';

/**
 * Single sign-on by OpenID Connect (docs/single-sign-on.md):
 * the configuration of an account (on its root organisation) — e-mail domains, client id and
 * secret, discovery endpoint, scope, role mapping, claim types —, the start of a sign-in
 * (`GET /open-id/authorization-url`), the callback, and the sign-in by `openidSessionId`.
 */

export const SSO_DEFAULT_SCOPE = 'openid email profile';
/** The claims read by default: the standard ones of OpenID Connect, and `roles` for the role mapping. */
export const SSO_DEFAULT_CLAIM_TYPES = {
  email: 'email',
  firstname: 'given_name',
  lastname: 'family_name',
  roles: 'roles',
} as const;
const SSO_DOMAINS_MAX = 20;
const SSO_ROLE_MAPPING_MAX = 50;

/** The user types a role mapping may give: an account's own users, never platform operators nor visitors. */
export const SSO_MAPPABLE_USER_TYPES = USER_TYPES.filter(
  (t) => t !== 'admin' && t !== 'super_admin' && t !== 'pseudo_anonymous',
) as Exclude<UserType, 'admin' | 'super_admin' | 'pseudo_anonymous'>[];

const DOMAIN_PATTERN = /^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

/** An e-mail domain, lower-cased: `example.com`. */
const ssoDomain = () => z.string().trim().toLowerCase().regex(DOMAIN_PATTERN, { message: 'invalid_domain' });

const claimName = () =>
  z
    .string()
    .trim()
    .min(1, { message: 'required' })
    .max(100, { message: 'too_long' })
    .regex(/^[A-Za-z0-9_:./-]+$/, { message: 'invalid_claim_name' });

export const SsoClaimTypes = z.object({
  email: claimName(),
  firstname: claimName(),
  lastname: claimName(),
  roles: claimName(),
});
export type SsoClaimTypes = z.infer<typeof SsoClaimTypes>;

export const SsoRoleMappingEntry = z.object({
  /** A value of the roles claim (the claim holds one value or a list). */
  claimValue: z.string().trim().min(1, { message: 'required' }).max(255, { message: 'too_long' }),
  userType: z.enum(SSO_MAPPABLE_USER_TYPES, { message: 'invalid_user_type' }),
  /** The parent entity of the users it creates: an organisation of the account fitting the user type. */
  organizationId: z.uuid({ message: 'required' }),
});
export type SsoRoleMappingEntry = z.infer<typeof SsoRoleMappingEntry>;

/** `PUT /api/organizations/{organizationId}/single-sign-on`: creates or replaces the configuration. */
export const SsoConfigurationRequest = z.object({
  status: z.enum(STATUSES),
  domains: z.array(ssoDomain()).min(1, { message: 'required' }).max(SSO_DOMAINS_MAX, { message: 'too_many' }),
  clientId: z.string().trim().min(1, { message: 'required' }).max(255, { message: 'too_long' }),
  /** Required to create; on a replacement, absent (or null) keeps the stored secret. */
  clientSecret: z.string().min(1, { message: 'required' }).max(1000, { message: 'too_long' }).nullish(),
  /** The provider's discovery document (`…/.well-known/openid-configuration`) or its issuer. */
  configurationEndpoint: z
    .string()
    .trim()
    .max(500, { message: 'too_long' })
    .pipe(z.url({ message: 'invalid_url', protocol: /^https?$/ })),
  scope: z
    .string()
    .trim()
    .max(255, { message: 'too_long' })
    .regex(/^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/, { message: 'invalid_scope' })
    .refine((s) => s.split(' ').includes('openid'), { message: 'scope_needs_openid' }),
  roleMapping: z.array(SsoRoleMappingEntry).max(SSO_ROLE_MAPPING_MAX, { message: 'too_many' }),
  claimTypes: SsoClaimTypes,
});
export type SsoConfigurationRequest = z.infer<typeof SsoConfigurationRequest>;

export const SsoConfiguration = z.object({
  organizationId: z.uuid(),
  accountId: z.uuid(),
  status: z.enum(STATUSES),
  domains: z.array(z.string()),
  clientId: z.string(),
  /** Never the secret: whether one is stored. */
  clientSecret: z.object({ set: z.boolean() }),
  configurationEndpoint: z.string(),
  scope: z.string(),
  roleMapping: z.array(SsoRoleMappingEntry),
  claimTypes: SsoClaimTypes,
  updatedAt: z.string(),
});
export type SsoConfiguration = z.infer<typeof SsoConfiguration>;

/** The organisation's configuration (null when none), and the addresses to register at the provider. */
export const SsoConfigurationResponse = z.object({
  organizationId: z.uuid(),
  accountId: z.uuid(),
  redirectUri: z.string(),
  postLogoutRedirectUri: z.string(),
  configuration: SsoConfiguration.nullable(),
});
export type SsoConfigurationResponse = z.infer<typeof SsoConfigurationResponse>;

export const OrganizationIdParams = z.object({ organizationId: z.uuid({ message: 'invalid_uuid' }) });
export type OrganizationIdParams = z.infer<typeof OrganizationIdParams>;

/** `GET /api/open-id/authorization-url?domain=…` or `?email=…`. */
export const SsoAuthorizationUrlQuery = z
  .object({
    domain: ssoDomain().optional(),
    email: z
      .string()
      .trim()
      .max(255)
      .pipe(z.email({ message: 'invalid_email' }))
      .optional(),
  })
  .refine((q) => q.domain !== undefined || q.email !== undefined, {
    message: 'required',
    path: ['domain'],
  });
export type SsoAuthorizationUrlQuery = z.infer<typeof SsoAuthorizationUrlQuery>;

export const SsoAuthorizationUrlResponse = z.object({
  organizationId: z.uuid(),
  url: z.string(),
});
export type SsoAuthorizationUrlResponse = z.infer<typeof SsoAuthorizationUrlResponse>;

/** What the provider sends back to the redirect URI (forwarded by the callback page; other parameters are dropped). */
export const SsoCallbackQuery = z.object({
  state: z.string().min(1, { message: 'required' }).max(500),
  code: z.string().min(1).max(2000).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  session_state: z.string().max(500).optional(),
});
export type SsoCallbackQuery = z.infer<typeof SsoCallbackQuery>;

export const SsoCallbackResponse = z.object({
  organizationId: z.uuid(),
  openidSessionId: z.string(),
});
export type SsoCallbackResponse = z.infer<typeof SsoCallbackResponse>;

/** `POST api/login {organizationId, openidSessionId}`. */
export const SsoLoginRequest = z.object({
  organizationId: z.uuid({ message: 'invalid_uuid' }),
  openidSessionId: z.string().min(20, { message: 'required' }).max(200),
  tokenRequested: z.boolean().optional(),
});
export type SsoLoginRequest = z.infer<typeof SsoLoginRequest>;

export const SsoLogoutResponse = z.object({
  /** The provider's end-session address when it advertises one, else null (go to the login page). */
  endSessionUrl: z.string().nullable(),
});
export type SsoLogoutResponse = z.infer<typeof SsoLogoutResponse>;
