import { z } from 'zod';
import { CURRENCIES, LOCALES, type ModuleType, STATUSES } from '../enums';
import type { Violation } from '../errors';
import { generalText } from '../validation';
import { AddressResponse, PaginationQuery, SortDirection } from './common';
import { Address } from './organizations';

/**
 * Client accounts as the platform administration sees them (`/clients`;
 * docs/clients.md). The screens say "client"; the code says account (docs/glossary.md).
 */

/** A retailer (its root organisation is a root management unit, module tim) or a buyer (module lcm). */
export const CLIENT_KINDS = ['retailer', 'buyer'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];

/** The modules a client account may work in: store brand (tim), buyer (lcm), warehouse and workshop (rps). */
export const CLIENT_MODULES = ['tim', 'lcm', 'rps'] as const satisfies readonly ModuleType[];
export type ClientModule = (typeof CLIENT_MODULES)[number];

/** The module of a kind's root organisation: it cannot be removed (an entity's type never changes). */
const ROOT_MODULE_OF_KIND: Record<ClientKind, ClientModule> = { retailer: 'tim', buyer: 'lcm' };

/**
 * The rules of a client's modules: its root organisation's module stays, and warehouses (rps)
 * belong to a buyer (lcm), so rps needs lcm.
 */
export function clientModuleViolations(kind: ClientKind, modules: readonly ClientModule[]): Violation[] {
  const violations: Violation[] = [];
  if (!modules.includes(ROOT_MODULE_OF_KIND[kind]))
    violations.push({
      propertyPath: 'modules',
      code: 'root_module_required',
      message: "The module of the client's root entity cannot be removed.",
    });
  if (modules.includes('rps') && !modules.includes('lcm'))
    violations.push({
      propertyPath: 'modules',
      code: 'workshop_module_needs_buyer',
      message: 'The warehouse module needs the buyer module.',
    });
  return violations;
}

const modules = z
  .array(z.enum(CLIENT_MODULES))
  .min(1, { message: 'at_least_one_module' })
  .refine((list) => new Set(list).size === list.length, { message: 'duplicate_module' });

/** The fields a platform admin sets on a client ("Client organisation"). */
const clientFields = {
  corporateName: generalText(),
  commonName: generalText(),
  address: Address,
  status: z.enum(STATUSES),
  modules,
  paymentIssuer: z.boolean(),
  transportContractHolder: z.boolean(),
  language: z.enum(LOCALES),
  currency: z.enum(CURRENCIES),
};

export const CreateClientAccountRequest = z
  .object({
    kind: z.enum(CLIENT_KINDS),
    ...clientFields,
    status: clientFields.status.default('active'),
    paymentIssuer: clientFields.paymentIssuer.default(false),
    transportContractHolder: clientFields.transportContractHolder.default(false),
    language: clientFields.language.default('fr-FR'),
    currency: clientFields.currency.default('EUR'),
  })
  .strict()
  .superRefine((value, ctx) => {
    for (const v of clientModuleViolations(value.kind, value.modules))
      ctx.addIssue({ code: 'custom', path: ['modules'], message: v.code });
  });
export type CreateClientAccountRequest = z.infer<typeof CreateClientAccountRequest>;
export type CreateClientAccountInput = z.input<typeof CreateClientAccountRequest>;

/** Merge-patch of a client; its kind never changes (its root organisation's type would). */
export const PatchClientAccountRequest = z.object(clientFields).partial().strict();
export type PatchClientAccountRequest = z.infer<typeof PatchClientAccountRequest>;

export const ClientAccountResponse = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(CLIENT_KINDS),
  status: z.enum(STATUSES),
  modules: z.array(z.enum(CLIENT_MODULES)),
  paymentIssuer: z.boolean(),
  transportContractHolder: z.boolean(),
  language: z.enum(LOCALES),
  currency: z.enum(CURRENCIES),
  corporateName: z.string().nullable(),
  commonName: z.string(),
  address: AddressResponse,
  rootOrganizationId: z.uuid(),
  /** The id `PATCH /organization-root-details/{id}` takes (premium features). */
  rootDetailId: z.uuid().nullable(),
  siteActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClientAccountResponse = z.infer<typeof ClientAccountResponse>;

export const ClientAccountListItem = ClientAccountResponse.pick({
  id: true,
  name: true,
  kind: true,
  status: true,
  modules: true,
  rootOrganizationId: true,
  createdAt: true,
});
export type ClientAccountListItem = z.infer<typeof ClientAccountListItem>;

export const ClientAccountCollectionResponse = z.object({
  member: z.array(ClientAccountListItem),
  totalItems: z.number().int(),
  view: z.object({
    first: z.string(),
    last: z.string(),
    next: z.string().optional(),
    previous: z.string().optional(),
  }),
});

export const ListClientAccountsQuery = PaginationQuery.extend({
  search: z.string().trim().max(255, { message: 'too_long' }).optional(),
  status: z.enum(STATUSES).optional(),
  kind: z.enum(CLIENT_KINDS).optional(),
  'order[name]': SortDirection.optional(),
  'order[createdAt]': SortDirection.optional(),
});
export type ListClientAccountsQuery = z.infer<typeof ListClientAccountsQuery>;

/** `POST /accounts/{id}/catalog-reindex`: the job that rebuilds the account's product search documents. */
export const CatalogReindexResponse = z.object({ accountId: z.uuid(), queued: z.literal(true) });
export type CatalogReindexResponse = z.infer<typeof CatalogReindexResponse>;

/** The codes `DELETE /accounts/{id}` answers besides success ("Account deletion"). */
export const ACCOUNT_DELETION_ERRORS = [
  'account_not_found',
  'still_active',
  'has_linked_buyers',
  'has_linked_retailers',
  'account_has_data',
] as const;
