import { z } from 'zod';
import { LOCALES, MODULE_TYPES, STATUSES, USER_TYPES, USER_TYPES_BY_MODULE } from '../enums';
import { email, generalText } from '../validation';
import { PaginationQuery, SortDirection } from './common';

export const UserModule = z.object({
  moduleType: z.enum(MODULE_TYPES),
  userType: z.enum(USER_TYPES),
  organizationId: z.uuid({ message: 'required' }),
});
export type UserModule = z.infer<typeof UserModule>;

export const UserResponse = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  status: z.enum(STATUSES),
  forceConnectionBySso: z.boolean(),
  language: z.enum(LOCALES).nullable(),
  modules: z.array(
    UserModule.extend({
      organizationName: z.string(),
      organizationType: z.string(),
      /** The caller may change or remove it (it sees the organisation and could grant the user type). */
      manageable: z.boolean(),
    }),
  ),
  /** The caller may edit this user (it could grant every user type of the user that it sees). */
  editable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type UserResponse = z.infer<typeof UserResponse>;

/** At least one module, each with a user type of that module and an organisation; one per module. */
const modules = z
  .array(UserModule)
  .min(1, { message: 'at_least_one_module' })
  .refine((list) => new Set(list.map((m) => m.moduleType)).size === list.length, {
    message: 'one_role_per_module',
  })
  .superRefine((list, ctx) => {
    list.forEach((m, index) => {
      if (!USER_TYPES_BY_MODULE[m.moduleType].includes(m.userType)) {
        ctx.addIssue({ code: 'custom', path: [index, 'userType'], message: 'user_type_not_in_module' });
      }
    });
  });

export const CreateUserRequest = z.object({
  email: email(),
  firstname: generalText(),
  lastname: generalText(),
  status: z.enum(STATUSES).default('active'),
  forceConnectionBySso: z.boolean().default(false),
  language: z.enum(LOCALES).nullable().default(null),
  modules,
});
export type CreateUserRequest = z.infer<typeof CreateUserRequest>;
export type CreateUserInput = z.input<typeof CreateUserRequest>;

export const PatchUserRequest = z
  .object({
    email: email(),
    firstname: generalText(),
    lastname: generalText(),
    status: z.enum(STATUSES),
    forceConnectionBySso: z.boolean(),
    language: z.enum(LOCALES).nullable(),
    modules,
  })
  .partial()
  .strict();
export type PatchUserRequest = z.infer<typeof PatchUserRequest>;

export const USER_SORT_FIELDS = [
  'lastname',
  'firstname',
  'email',
  'status',
  'createdAt',
  'lastLoginAt',
] as const;

export const ListUsersQuery = PaginationQuery.extend({
  search: z.string().trim().max(255).optional(),
  status: z.enum(STATUSES).optional(),
  userType: z.enum(USER_TYPES).optional(),
  moduleType: z.enum(MODULE_TYPES).optional(),
  organizationId: z.uuid().optional(),
  'order[lastname]': SortDirection.optional(),
  'order[firstname]': SortDirection.optional(),
  'order[email]': SortDirection.optional(),
  'order[status]': SortDirection.optional(),
  'order[createdAt]': SortDirection.optional(),
  'order[lastLoginAt]': SortDirection.optional(),
});
export type ListUsersQuery = z.infer<typeof ListUsersQuery>;

/** `GET /platform-admins`: the users' list query, within the platform's own account (module root). */
export const ListPlatformAdminsQuery = ListUsersQuery.omit({ moduleType: true, organizationId: true });
export type ListPlatformAdminsQuery = z.infer<typeof ListPlatformAdminsQuery>;

export const AssignableUserTypesResponse = z.object({
  userTypes: z.array(z.object({ moduleType: z.enum(MODULE_TYPES), userType: z.enum(USER_TYPES) })),
});

export const UserPermissionsResponse = z.object({
  frontPermissions: z.partialRecord(z.enum(MODULE_TYPES), z.array(z.string())),
});
