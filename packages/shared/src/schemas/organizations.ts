import { z } from 'zod';
import { MODULE_TYPES, ORGANIZATION_TYPES, STATUSES, USER_TYPES } from '../enums';
import {
  addressText,
  cityText,
  countryCode,
  EXTERNAL_ID_MAX,
  email,
  generalText,
  int4,
  text,
} from '../validation';
import { AddressResponse, PaginationQuery, queryArray, queryBoolean, SortDirection } from './common';

export const Address = z.object({
  street: addressText(),
  streetMore: z
    .union([addressText(), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  zip: z.string().trim().min(2, { message: 'too_short' }).max(20, { message: 'too_long' }),
  city: cityText(),
  country: countryCode(),
});
export type Address = z.infer<typeof Address>;

export const OrganizationResponse = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  commonName: z.string(),
  corporateName: z.string().nullable(),
  siret: z.string().nullable(),
  capital: z.number().int().nullable(),
  address: AddressResponse,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  geocodedByUser: z.boolean(),
  placeEmail: z.string().nullable(),
  status: z.enum(STATUSES),
  type: z.enum(ORGANIZATION_TYPES),
  moduleType: z.enum(MODULE_TYPES),
  parentOrganizationId: z.uuid().nullable(),
  parentCommonName: z.string().nullable(),
  externalId: z.string().nullable(),
  defaultWarehouse: z.uuid().nullable(),
  buyer: z.uuid().nullable(),
  createdAt: z.string(),
});
export type OrganizationResponse = z.infer<typeof OrganizationResponse>;

const nullableText = (min: number, max: number) =>
  z.union([text(min, max), z.literal(''), z.null()]).transform((v) => v || null);

const organizationFields = {
  commonName: generalText(),
  corporateName: nullableText(2, 255),
  siret: z
    .union([
      z
        .string()
        .trim()
        .regex(/^\d{9}(\d{5})?$/, { message: 'invalid_siret' }),
      z.literal(''),
      z.null(),
    ])
    .transform((v) => v || null),
  capital: int4(z.number().int()).min(0).nullable(),
  address: Address,
  latitude: z
    .number()
    .min(-90, { message: 'latitude_range' })
    .max(90, { message: 'latitude_range' })
    .nullable(),
  longitude: z
    .number()
    .min(-180, { message: 'longitude_range' })
    .max(180, { message: 'longitude_range' })
    .nullable(),
  geocodedByUser: z.boolean(),
  // '' means none; a preprocess (not a union) so that a bad address reports `invalid_email`
  placeEmail: z.preprocess((v) => (v === '' ? null : v), email().nullable()),
  status: z.enum(STATUSES),
  externalId: z
    .union([z.string().trim().min(1).max(EXTERNAL_ID_MAX, { message: 'too_long' }), z.literal(''), z.null()])
    .transform((v) => v || null),
  parentOrganizationId: z.uuid().nullable(),
  defaultWarehouse: z.uuid().nullable(),
};

export const CreateOrganizationRequest = z.object({
  ...organizationFields,
  corporateName: organizationFields.corporateName.optional().default(null),
  siret: organizationFields.siret.optional().default(null),
  capital: organizationFields.capital.optional().default(null),
  latitude: organizationFields.latitude.optional().default(null),
  longitude: organizationFields.longitude.optional().default(null),
  geocodedByUser: organizationFields.geocodedByUser.optional().default(false),
  placeEmail: organizationFields.placeEmail.optional().default(null),
  status: organizationFields.status.optional().default('active'),
  externalId: organizationFields.externalId.optional().default(null),
  defaultWarehouse: organizationFields.defaultWarehouse.optional().default(null),
  type: z.enum(ORGANIZATION_TYPES),
  /** Platform operators create in any account; others create in their own. */
  accountId: z.uuid().optional(),
  buyer: z.uuid().nullable().optional().default(null),
});
export type CreateOrganizationRequest = z.infer<typeof CreateOrganizationRequest>;

/** Merge-patch; type and buyer are immutable after creation (refused when sent changed). */
export const PatchOrganizationRequest = z
  .object({
    ...organizationFields,
    type: z.enum(ORGANIZATION_TYPES),
    buyer: z.uuid().nullable(),
  })
  .partial()
  .strict();
export type PatchOrganizationRequest = z.infer<typeof PatchOrganizationRequest>;

export const ORGANIZATION_SORT_FIELDS = [
  'commonName',
  'type',
  'status',
  'city',
  'createdAt',
  'externalId',
] as const;

export const ListOrganizationsQuery = PaginationQuery.extend({
  accountId: z.uuid().optional(),
  type: queryArray(z.enum(ORGANIZATION_TYPES)).optional(),
  status: z.enum(STATUSES).optional(),
  search: z.string().trim().max(255).optional(),
  'exists[parentOrganization]': queryBoolean().optional(),
  parentOrganizationId: z.uuid().optional(),
  'order[commonName]': SortDirection.optional(),
  'order[type]': SortDirection.optional(),
  'order[status]': SortDirection.optional(),
  'order[city]': SortDirection.optional(),
  'order[createdAt]': SortDirection.optional(),
  'order[externalId]': SortDirection.optional(),
});
export type ListOrganizationsQuery = z.infer<typeof ListOrganizationsQuery>;

export const OrganizationTreeNode = z.object({
  id: z.uuid(),
  commonName: z.string(),
  type: z.enum(ORGANIZATION_TYPES),
  status: z.enum(STATUSES),
  get children() {
    return z.array(OrganizationTreeNode);
  },
});
export type OrganizationTreeNode = z.infer<typeof OrganizationTreeNode>;

export const PublicOrganizationResponse = z.object({
  id: z.uuid(),
  commonName: z.string(),
  type: z.enum(ORGANIZATION_TYPES),
  address: OrganizationResponse.shape.address,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  placeEmail: z.string().nullable(),
});

export const ModuleCountResponse = z.object({
  organizationId: z.uuid(),
  counts: z.partialRecord(z.enum(MODULE_TYPES), z.number().int()),
});

/** Users holding a module in an organisation's subtree, per module and user type. */
export const UsersModuleCountResponse = z.object({
  organizationId: z.uuid(),
  counts: z.partialRecord(z.enum(MODULE_TYPES), z.partialRecord(z.enum(USER_TYPES), z.number().int())),
});
export type UsersModuleCountResponse = z.infer<typeof UsersModuleCountResponse>;

/** The organisations an organisation of `type` may attach to; `id` is the one being edited. */
export const AvailableParentsQuery = z.object({
  type: z.enum(ORGANIZATION_TYPES),
  id: z.uuid().optional(),
  /** Platform operators: the account to look in (else every account). */
  accountId: z.uuid().optional(),
});
export type AvailableParentsQuery = z.infer<typeof AvailableParentsQuery>;

/** Platform operators may name the account; everyone else always reads their own scope. */
export const AccountScopeQuery = z.object({ accountId: z.uuid().optional() });
