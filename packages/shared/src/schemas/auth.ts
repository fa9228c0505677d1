import { z } from 'zod';
import { MODULE_TYPES, STATUSES, USER_TYPES } from '../enums';
import { password } from '../validation';
import { AccountResponse } from './accounts';

export const LoginRequest = z.object({
  email: z
    .string()
    .trim()
    .pipe(z.email({ message: 'invalid_email' })),
  password: z.string().min(1, { message: 'required' }).max(256),
  /** An API client asks for the token in the answer; a browser never does (the HttpOnly cookie carries it). */
  tokenRequested: z
    .boolean()
    .optional()
    .describe(
      'true: answer the session token as `apiToken` (for Authorization: Bearer) instead of setting the cookie',
    ),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const CurrentOrganization = z.object({
  id: z.uuid(),
  commonName: z.string(),
  moduleType: z.enum(MODULE_TYPES),
  account: AccountResponse,
});

/** The authenticated user. */
export const AuthenticatedUserResponse = z.object({
  id: z.uuid(),
  types: z.array(z.enum(USER_TYPES)),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  accountId: z.uuid(),
  timOrganizationId: z.uuid().nullable(),
  rpsOrganizationId: z.uuid().nullable(),
  status: z.enum(STATUSES),
  forceConnectionBySso: z.boolean(),
  currentOrganization: CurrentOrganization,
  /** The module the session is in now. */
  currentModule: z.enum(MODULE_TYPES),
  modules: z.partialRecord(z.enum(MODULE_TYPES), z.enum(USER_TYPES)),
  frontPermissions: z.partialRecord(z.enum(MODULE_TYPES), z.array(z.string())),
  /** Only when the sign-in asked for it (`tokenRequested`); never sent to a browser otherwise. */
  apiToken: z.string().optional(),
});
export type AuthenticatedUser = z.infer<typeof AuthenticatedUserResponse>;

export const SwitchModuleRequest = z.object({ moduleType: z.enum(MODULE_TYPES) });
export type SwitchModuleRequest = z.infer<typeof SwitchModuleRequest>;

export const PasswordRenewRequest = z.object({
  email: z
    .string()
    .trim()
    .pipe(z.email({ message: 'invalid_email' })),
});
export type PasswordRenewRequest = z.infer<typeof PasswordRenewRequest>;

export const NewPasswordRequest = z.object({ password: password() });
export type NewPasswordRequest = z.infer<typeof NewPasswordRequest>;

/** The form adds a repeat field that must match (checked client-side, never sent). */
export const NewPasswordForm = z
  .object({ password: password(), repeat: z.string() })
  .refine((v) => v.password === v.repeat, { path: ['repeat'], message: 'password_mismatch' });

export const ResetTokenParams = z.object({ token: z.string().min(10).max(200) });
