import { z } from 'zod';
import { STATUSES } from '../enums';
import { ListBuybacksQuery } from './buybacks';
import { PaginationQuery } from './common';

/**
 * Imports, exports, the batch user import and SFTP access (docs/imports.md describes the file formats and
 * the strategies).
 */

/** What an import file holds. */
export const IMPORT_CONTENTS = ['categories', 'products', 'diagnostic'] as const;
export type ImportContent = (typeof IMPORT_CONTENTS)[number];

/**
 * How a line finds the row it updates (docs/imports.md): `generic` by the retailer's own keys
 * (category identifier, product reference, question title in its category), `product` by what
 * the thing is (category label under its parent, product EAN code), `uuid` by the id an export
 * wrote (an empty id inserts). A line that matches nothing is inserted.
 */
export const IMPORT_STRATEGIES = ['generic', 'product', 'uuid'] as const;
export type ImportStrategy = (typeof IMPORT_STRATEGIES)[number];

/** An import's status; its badge colours are info, success, warning, danger. */
export const IMPORT_STATUSES = ['in_progress', 'success', 'success_with_ignored', 'error'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Where the file came from: the import screen, the built-in SFTP server, the SFTP import connector. */
const IMPORT_ORIGINS = ['upload', 'sftp', 'sftp_connector'] as const;
export type ImportOrigin = (typeof IMPORT_ORIGINS)[number];

const IMPORT_FILE_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFileFormat = (typeof IMPORT_FILE_FORMATS)[number];

/** The largest file an import takes (a 1,000,000-line product CSV is about 150 MB). */
export const IMPORT_MAX_BYTES = 512 * 1024 * 1024;
/** The file the built-in SFTP server imports. */
export const SFTP_IMPORT_FILE_NAME = 'products-import.csv';

/** A suffix appended to the identifiers and references of an import's lines. */
export const ImportSuffix = z
  .string()
  .trim()
  .regex(/^[a-z0-9_-]{0,30}$/, { message: 'invalid_suffix' });

/**
 * `POST /api/accounts/{accountId}/imports` (multipart): these fields, then the file in `file`
 * (CSV, or XLSX whose first sheet is read).
 */
export const CreateImportFields = z.object({
  content: z.enum(IMPORT_CONTENTS, { message: 'invalid_import_content' }),
  strategy: z.enum(IMPORT_STRATEGIES, { message: 'invalid_import_strategy' }),
  /** Category ids of the destination catalogue: an array, or one comma-separated field (multipart). */
  parentCategoryIds: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z
      .array(z.uuid({ message: 'invalid_uuid' }))
      .max(50)
      .default([]),
  ),
  suffix: ImportSuffix.default(''),
});
export type CreateImportFields = z.infer<typeof CreateImportFields>;

const ImportLineCounts = z.object({
  found: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  ignored: z.number().int(),
});

export const ImportResponse = z.object({
  id: z.uuid(),
  origin: z.enum(IMPORT_ORIGINS),
  content: z.enum(IMPORT_CONTENTS),
  strategy: z.enum(IMPORT_STRATEGIES),
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  fileFormat: z.enum(IMPORT_FILE_FORMATS),
  fileSize: z.number().int(),
  /** The destination catalogue. */
  account: z.object({ id: z.uuid(), name: z.string() }),
  /** Who started it: their account (another one when a platform admin imports for a client). */
  sourceAccount: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  parentCategories: z.array(z.object({ id: z.uuid(), label: z.string() })),
  suffix: z.string(),
  /** The number of data lines read so far (progress while in progress). */
  position: z.number().int(),
  report: z.object({
    lines: ImportLineCounts,
    /** The technical failure of the whole import, when its status is error. */
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
  }),
  createdAt: z.string(),
  queuedAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type ImportResponse = z.infer<typeof ImportResponse>;

/** `GET /api/accounts/{accountId}/imports` (`page`; newest first). */
export const ListImportsQuery = PaginationQuery.extend({
  status: z.enum(IMPORT_STATUSES).optional(),
  content: z.enum(IMPORT_CONTENTS).optional(),
});
export type ListImportsQuery = z.infer<typeof ListImportsQuery>;

/** One ignored line of an import (the header is line 1). */
export const ImportIgnoredLineResponse = z.object({
  line: z.number().int(),
  code: z.string(),
  field: z.string().nullable(),
  message: z.string(),
});
export type ImportIgnoredLineResponse = z.infer<typeof ImportIgnoredLineResponse>;

/** `GET /api/imports/{id}/ignored-lines`: by line number, "show more" pages through them. */
export const ListImportIgnoredLinesQuery = PaginationQuery.extend({
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(50),
});
export type ListImportIgnoredLinesQuery = z.infer<typeof ListImportIgnoredLinesQuery>;

// ---------------------------------------------------------------------------------------------
// Exports

/** The catalogue's exports, offered on the export page. */
export const CATALOG_EXPORT_TYPES = ['products', 'categories', 'diagnostic'] as const;
export type CatalogExportType = (typeof CATALOG_EXPORT_TYPES)[number];
const EXPORT_TYPES = [...CATALOG_EXPORT_TYPES, 'buybacks'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

const EXPORT_STATUSES = ['in_progress', 'success', 'error', 'cancelled'] as const;
/** the export page polls its export every 3 seconds. */
export const EXPORT_POLL_SECONDS = 3;

/** `POST /api/products/exports`, `/categories/exports`, `/diagnostic-questions/exports`. */
export const StartExportBody = z.object({ account_id: z.uuid({ message: 'invalid_uuid' }) });
export type StartExportBody = z.infer<typeof StartExportBody>;

/**
 * `POST /api/buybacks/exports`: the buyback list's filters (its query without page nor order); the
 * export holds the buybacks the list shows the caller for them.
 */
export const StartBuybackExportBody = ListBuybacksQuery.omit({
  page: true,
  itemsPerPage: true,
  'order[createdAt]': true,
  'order[identificationNumber]': true,
  'order[totalPrice]': true,
  'order[status]': true,
  'order[customerName]': true,
});
export type StartBuybackExportBody = z.infer<typeof StartBuybackExportBody>;

export const ExportResponse = z.object({
  id: z.uuid(),
  type: z.enum(EXPORT_TYPES),
  status: z.enum(EXPORT_STATUSES),
  accountId: z.uuid(),
  /** `/api/exports/{id}/file` once the export succeeded. */
  url: z.string().nullable(),
  entriesCount: z.number().int().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type ExportResponse = z.infer<typeof ExportResponse>;

// ---------------------------------------------------------------------------------------------
// Batch user import (/users/import)

/** The most lines a batch user import takes. */
export const USER_IMPORT_MAX_LINES = 1000;
/** The batch user import's file: at most 2 MB (1,000 lines take far less). */
export const USER_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

const USER_IMPORT_OUTCOMES = ['created', 'error'] as const;

/** One line's result, the same in the dry run and in the import. */
export const UserImportLineResult = z.object({
  line: z.number().int(),
  email: z.string(),
  outcome: z.enum(USER_IMPORT_OUTCOMES),
  /** The created user (the import, not the dry run). */
  userId: z.uuid().nullable(),
  errors: z.array(z.object({ field: z.string().nullable(), code: z.string(), message: z.string() })),
});
export type UserImportLineResult = z.infer<typeof UserImportLineResult>;

export const UserImportResponse = z.object({
  dryRun: z.boolean(),
  lines: z.array(UserImportLineResult),
  created: z.number().int(),
  errors: z.number().int(),
});
export type UserImportResponse = z.infer<typeof UserImportResponse>;

/** `POST /api/users/import?dryRun=true` (multipart, `file`). */
export const UserImportQuery = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

// ---------------------------------------------------------------------------------------------
// SFTP access (premium sftp_access)

const SFTP_ACCESS_STATUSES = STATUSES;

export const SftpAccessResponse = z.object({
  accountId: z.uuid(),
  /** The login; null until first activated. */
  username: z.string().nullable(),
  status: z.enum(SFTP_ACCESS_STATUSES),
  host: z.string(),
  port: z.number().int(),
  catalogue: z.object({ id: z.uuid(), name: z.string() }),
  parentCategories: z.array(z.object({ id: z.uuid(), label: z.string() })),
  suffix: z.string(),
  fileName: z.literal(SFTP_IMPORT_FILE_NAME),
  lastImport: ImportResponse.nullable(),
  activatedAt: z.string().nullable(),
});
export type SftpAccessResponse = z.infer<typeof SftpAccessResponse>;

/** `PATCH /api/accounts/{accountId}/sftp-access` (merge-patch): the import's settings. */
export const UpdateSftpAccessBody = z
  .object({
    catalogueAccountId: z.uuid({ message: 'invalid_uuid' }),
    parentCategoryIds: z.array(z.uuid({ message: 'invalid_uuid' })).max(50),
    suffix: ImportSuffix,
  })
  .partial()
  .strict();
export type UpdateSftpAccessBody = z.infer<typeof UpdateSftpAccessBody>;

/** `POST …/sftp-access/activate`: the access with its password, shown this once. */
export const SftpActivationResponse = SftpAccessResponse.extend({ password: z.string() });
export type SftpActivationResponse = z.infer<typeof SftpActivationResponse>;

/** `GET …/sftp-access/catalogues`: the catalogues an access may import into (its account's, its linked buyers'). */
export const SftpCataloguesResponse = z.object({
  member: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type SftpCataloguesResponse = z.infer<typeof SftpCataloguesResponse>;

/** `GET …/sftp-access/categories`: categories of one of those catalogues, to choose the parent categories. */
export const SftpCategoriesQuery = z.object({
  catalogueAccountId: z.uuid({ message: 'invalid_uuid' }),
  /** Label or identifier contains (case ignored). */
  search: z.string().trim().max(255).optional(),
});
export type SftpCategoriesQuery = z.infer<typeof SftpCategoriesQuery>;

export const SftpCategoriesResponse = z.object({
  member: z.array(z.object({ id: z.uuid(), label: z.string() })),
});
export type SftpCategoriesResponse = z.infer<typeof SftpCategoriesResponse>;
