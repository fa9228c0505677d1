import { z } from 'zod';
import { ibanSchema } from './iban';
import { phoneSchema } from './phone';
import { isValidPostcode, normalizePostcode } from './postcode';

/**
 * The customer form of the buyback wizard and the cart. Messages
 * are stable codes (`errors:<code>` on the web); each field reports one code at a time.
 */

export const IDENTIFICATION_TYPES = [
  'driving_licence',
  'identity_card',
  'passport',
  'residence_permit',
] as const;
export type IdentificationType = (typeof IDENTIFICATION_TYPES)[number];

const CUSTOMER_LIMITS = {
  name: { min: 2, max: 255 },
  street: { min: 2, max: 125 },
  streetMore: { max: 125 },
  zip: { min: 2, max: 10 },
  city: { min: 2, max: 45 },
  identificationNumber: { min: 5, max: 20 },
  issuingAuthority: { min: 2, max: 255 },
} as const;

const ZIP_PATTERN = /^[A-Za-z0-9 -]+$/;
const ALPHANUMERIC = /^[A-Za-z0-9]+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** UTC+14 is the furthest time zone ahead: a date that is today anywhere on Earth is accepted. */
const LATEST_OFFSET_MS = 14 * 60 * 60 * 1000;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A string (`required` when absent or not a string). */
const str = () => z.string({ error: (issue) => (isBlank(issue.input) ? 'required' : 'invalid_value') });

/** Trimmed text of `min` to `max` characters: `required`, `too_short`, `too_long`, then the pattern's code. */
function text(min: number, max: number, pattern?: { regex: RegExp; code: string }) {
  return str()
    .trim()
    .superRefine((v, ctx) => {
      const code =
        v === ''
          ? 'required'
          : v.length < min
            ? 'too_short'
            : v.length > max
              ? 'too_long'
              : pattern && !pattern.regex.test(v)
                ? pattern.code
                : null;
      if (code) ctx.addIssue({ code: 'custom', message: code });
    });
}

/** '' and null mean none; `required` then makes it mandatory. */
function optional<T extends z.ZodType<string>>(schema: T, required = false) {
  return z
    .preprocess((v) => (isBlank(v) ? null : v), schema.nullable())
    .superRefine((v, ctx) => {
      if (required && v === null) ctx.addIssue({ code: 'custom', message: 'required' });
    }) as unknown as z.ZodType<string | null, unknown>;
}

/** `YYYY-MM-DD`, a real calendar date, not after today. */
function pastDate(now: () => Date) {
  return str()
    .trim()
    .superRefine((v, ctx) => {
      const m = ISO_DATE.exec(v);
      const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
      if (!date || date.toISOString().slice(0, 10) !== v) {
        ctx.addIssue({ code: 'custom', message: 'invalid_date' });
        return;
      }
      const latestToday = new Date(now().getTime() + LATEST_OFFSET_MS).toISOString().slice(0, 10);
      if (v > latestToday) ctx.addIssue({ code: 'custom', message: 'date_in_future' });
    });
}

const email = () =>
  str()
    .trim()
    .superRefine((v, ctx) => {
      const code =
        v === ''
          ? 'required'
          : v.length > 255
            ? 'too_long'
            : !z.email().safeParse(v).success
              ? 'invalid_email'
              : null;
      if (code) ctx.addIssue({ code: 'custom', message: code });
    })
    .transform((v) => v.toLowerCase());

const country = () =>
  str()
    .trim()
    .toUpperCase()
    .superRefine((v, ctx) => {
      if (v === '') ctx.addIssue({ code: 'custom', message: 'required' });
      else if (!/^[A-Z]{2}$/.test(v)) ctx.addIssue({ code: 'custom', message: 'invalid_country' });
    });

export interface CustomerSchemaOptions {
  /** The account's customer_identity_document_required: delivery date and issuing authority required. */
  identityDocumentRequired: boolean;
  /** The payment mode needs an IBAN: required and valid; otherwise any IBAN sent is dropped (null). */
  ibanRequired: boolean;
  /** The clock for "not in the future" (tests). */
  now?: () => Date;
  /** The countries the circuits serve (ISO alpha-2): another country is `country_not_served`. Absent: any. */
  countries?: readonly string[];
}

/**
 * The customer form: names 2–255, street 2–125, street more ≤ 125, zip 2–10 (letters, digits,
 * space, dash) in the format of its country (`zip_country_format`, customer/postcode.ts; answered
 * in that country's canonical form), city 2–45, country ISO alpha-2 (one of `countries` when
 * given), e-mail, phone (E.164 after parsing, France by
 * default), identification (type, number of 5–20 letters and digits, delivery date not in the
 * future and issuing authority 2–255, both required when identityDocumentRequired), IBAN.
 */
export function customerSchemaFor({
  identityDocumentRequired,
  ibanRequired,
  now = () => new Date(),
  countries,
}: CustomerSchemaOptions) {
  const L = CUSTOMER_LIMITS;
  const served = countries ? new Set(countries.map((c) => c.toUpperCase())) : null;
  return z
    .object(
      {
        firstName: text(L.name.min, L.name.max),
        lastName: text(L.name.min, L.name.max),
        email: email(),
        phone: phoneSchema,
        street: text(L.street.min, L.street.max),
        streetMore: optional(text(0, L.streetMore.max)),
        zip: text(L.zip.min, L.zip.max, { regex: ZIP_PATTERN, code: 'zip_invalid' }),
        city: text(L.city.min, L.city.max),
        country: country(),
        identification: z.object(
          {
            type: z.enum(IDENTIFICATION_TYPES, {
              error: (issue) => (isBlank(issue.input) ? 'required' : 'invalid_value'),
            }),
            number: text(L.identificationNumber.min, L.identificationNumber.max, {
              regex: ALPHANUMERIC,
              code: 'identification_number_invalid',
            }),
            deliveryDate: optional(pastDate(now), identityDocumentRequired),
            issuingAuthority: optional(
              text(L.issuingAuthority.min, L.issuingAuthority.max),
              identityDocumentRequired,
            ),
          },
          { error: () => 'required' },
        ),
        iban: z.unknown().transform((value, ctx): string | null => {
          if (!ibanRequired) return null;
          const result = ibanSchema.safeParse(value ?? undefined);
          if (result.success) return result.data;
          for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
          return z.NEVER;
        }),
      },
      { error: () => 'required' },
    )
    .superRefine(
      (v, ctx) => {
        // only a country and a postcode that passed their own rules are compared
        if (typeof v?.country !== 'string' || !/^[A-Z]{2}$/.test(v.country)) return;
        if (served && !served.has(v.country)) {
          ctx.addIssue({ code: 'custom', message: 'country_not_served', path: ['country'] });
        }
        const zipChecked =
          typeof v.zip === 'string' && v.zip.length >= L.zip.min && v.zip.length <= L.zip.max;
        if (zipChecked && ZIP_PATTERN.test(v.zip) && !isValidPostcode(v.country, v.zip)) {
          ctx.addIssue({ code: 'custom', message: 'zip_country_format', path: ['zip'] });
        }
      },
      // checked even while another field is missing: the form shows every error at once
      { when: () => true },
    )
    .transform((v) => ({ ...v, zip: normalizePostcode(v.country, v.zip) }));
}

/** The customer form without identity document nor IBAN requirement. */
export const customerSchema = customerSchemaFor({ identityDocumentRequired: false, ibanRequired: false });

type CustomerSchema = ReturnType<typeof customerSchemaFor>;
/** The customer as a form holds it. */
export type CustomerDataInput = z.input<CustomerSchema>;
