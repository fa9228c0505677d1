import { z } from 'zod';
import { LOCALES } from '../enums';
import { collectionOf, PaginationQuery } from './common';
import { DEVICE_CHECK_RESULTS } from './device-check';

/**
 * The police register of each store (docs/police-register.md): one entry per item of a completed
 * buyback, numbered per store without gaps, chained by SHA-256, never changed (a correction is a
 * new entry), read by the store's managers, the management units above it and the retailer's root.
 */

/**
 * Minimum years the register is kept, per country of the retailer (its company country); the
 * platform itself never removes an entry. Another country: the longest of these.
 */
const POLICE_REGISTER_RETENTION_YEARS: Readonly<Record<string, number>> = { FR: 10, BE: 10, DE: 10 };
export const retentionYearsOf = (country: string): number =>
  POLICE_REGISTER_RETENTION_YEARS[country.toUpperCase()] ??
  Math.max(...Object.values(POLICE_REGISTER_RETENTION_YEARS));

const CORRECTION_REASON_MAX = 500;

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && z.iso.date().safeParse(v).success;
const day = () => z.string({ message: 'required' }).refine(isDay, { message: 'invalid_date' });

/** A period of whole days, `from` to `to` included (`2026-01-01` to `2026-01-31`). */
export const PoliceRegisterPeriod = z
  .object({ from: day().optional(), to: day().optional() })
  .refine((p) => !p.from || !p.to || p.from <= p.to, { message: 'period_reversed', path: ['to'] });
export type PoliceRegisterPeriod = z.infer<typeof PoliceRegisterPeriod>;

/** `GET /police-register/stores/{storeId}/entries`: a period and a page, in number order. */
export const ListPoliceRegisterQuery = PaginationQuery.extend({
  from: day().optional(),
  to: day().optional(),
}).refine((p) => !p.from || !p.to || p.from <= p.to, { message: 'period_reversed', path: ['to'] });
export type ListPoliceRegisterQuery = z.infer<typeof ListPoliceRegisterQuery>;

/** `GET /police-register/stores/{storeId}/export.pdf` and `.csv`: the period is required. */
export const PoliceRegisterExportQuery = z
  .object({ from: day(), to: day(), lang: z.enum(LOCALES, { message: 'invalid_value' }).optional() })
  .refine((p) => p.from <= p.to, { message: 'period_reversed', path: ['to'] });
export type PoliceRegisterExportQuery = z.infer<typeof PoliceRegisterExportQuery>;

/** A store whose register the user may read. */
export const PoliceRegisterStore = z.object({
  id: z.uuid(),
  commonName: z.string(),
  city: z.string().nullable(),
  /** Minimum years its entries are kept (POLICE_REGISTER_RETENTION_YEARS). */
  retentionYears: z.number().int(),
});
export const PoliceRegisterStoresResponse = z.object({ member: z.array(PoliceRegisterStore) });
export type PoliceRegisterStoresResponse = z.infer<typeof PoliceRegisterStoresResponse>;
export type PoliceRegisterStore = z.infer<typeof PoliceRegisterStore>;

const PoliceRegisterSeller = z.object({
  firstName: z.string(),
  lastName: z.string(),
  street: z.string(),
  streetMore: z.string().nullable(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
  identityDocument: z.object({
    type: z.string().nullable(),
    number: z.string().nullable(),
    issuingAuthority: z.string().nullable(),
    /** YYYY-MM-DD. */
    deliveryDate: z.string().nullable(),
  }),
});

export const PoliceRegisterEntryResponse = z.object({
  id: z.uuid(),
  storeId: z.uuid(),
  number: z.number().int(),
  acquiredAt: z.string(),
  buybackId: z.uuid(),
  buybackNumber: z.string(),
  itemNumber: z.string(),
  seller: PoliceRegisterSeller,
  object: z.object({
    productName: z.string(),
    brand: z.string().nullable(),
    model: z.string().nullable(),
    imei: z.string().nullable(),
    serialNumber: z.string().nullable(),
    state: z.string(),
  }),
  priceCents: z.number().int(),
  currency: z.string(),
  paymentType: z.string(),
  paymentModeLabel: z.string(),
  deviceCheck: z.enum(DEVICE_CHECK_RESULTS).nullable(),
  /** The entry this one corrects, and why. */
  corrects: z.object({ id: z.uuid(), number: z.number().int() }).nullable(),
  correctionReason: z.string().nullable(),
  /** The later entries that correct this one. */
  correctedBy: z.array(z.object({ id: z.uuid(), number: z.number().int() })),
  hash: z.string(),
  previousHash: z.string().nullable(),
});
export type PoliceRegisterEntryResponse = z.infer<typeof PoliceRegisterEntryResponse>;

export const PoliceRegisterCollectionResponse = collectionOf(PoliceRegisterEntryResponse);
export type PoliceRegisterCollectionResponse = z.infer<typeof PoliceRegisterCollectionResponse>;

const correctedText = (max: number) =>
  z.string().trim().min(1, { message: 'required' }).max(max, { message: 'too_long' }).optional();
const correctedNullable = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'too_long' })
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/**
 * `POST /police-register/entries/{id}/corrections`: why, and what the corrected entry says instead;
 * a field not given keeps the corrected entry's value.
 */
export const PoliceRegisterCorrectionRequest = z.object({
  reason: z
    .string({ message: 'required' })
    .trim()
    .min(1, { message: 'required' })
    .max(CORRECTION_REASON_MAX, { message: 'too_long' }),
  seller: z
    .object({
      firstName: correctedText(255),
      lastName: correctedText(255),
      street: correctedText(255),
      streetMore: correctedNullable(255),
      zip: correctedText(10),
      city: correctedText(255),
      country: correctedText(2),
      identityDocumentType: correctedNullable(45),
      identityDocumentNumber: correctedNullable(45),
      identityDocumentAuthority: correctedNullable(255),
      identityDocumentDate: z
        .string()
        .refine(isDay, { message: 'invalid_date' })
        .nullish()
        .transform((v) => (v === undefined ? undefined : v || null)),
    })
    .optional(),
  object: z
    .object({
      productName: correctedText(255),
      imei: correctedNullable(45),
      serialNumber: correctedNullable(45),
      state: correctedText(45),
    })
    .optional(),
  priceCents: z
    .number()
    .int({ message: 'invalid_value' })
    .min(0, { message: 'too_small' })
    .max(2_000_000_000)
    .optional(),
});
export type PoliceRegisterCorrectionRequest = z.infer<typeof PoliceRegisterCorrectionRequest>;
export type PoliceRegisterCorrectionInput = z.input<typeof PoliceRegisterCorrectionRequest>;

/** The chain's verification: whole, or the first entry number where it breaks. */
export const PoliceRegisterVerificationResponse = z.object({
  whole: z.boolean(),
  entries: z.number().int(),
  firstBrokenNumber: z.number().int().nullable(),
  verifiedAt: z.string(),
});
export type PoliceRegisterVerificationResponse = z.infer<typeof PoliceRegisterVerificationResponse>;
