import { z } from 'zod';

/** Field rules; messages are stable codes the client translates. */
export const text = (min = 2, max = 255) =>
  z.string().trim().min(min, { message: 'too_short' }).max(max, { message: 'too_long' });

export const generalText = () => text(2, 255);
export const addressText = () => text(2, 125);
export const cityText = () => text(2, 45);
export const email = () =>
  z
    .string()
    .trim()
    .max(255, { message: 'too_long' })
    .pipe(z.email({ message: 'invalid_email' }))
    .transform((v) => v.toLowerCase());

const PASSWORD_MIN_LENGTH = 8;
/** At least 8 characters with a lowercase letter, an uppercase letter and a digit. */
export const password = () =>
  z
    .string()
    .min(PASSWORD_MIN_LENGTH, { message: 'password_too_short' })
    .max(256, { message: 'too_long' })
    .regex(/[a-z]/, { message: 'password_needs_lowercase' })
    .regex(/[A-Z]/, { message: 'password_needs_uppercase' })
    .regex(/[0-9]/, { message: 'password_needs_digit' });

export const uuid = () => z.uuid({ message: 'invalid_uuid' });
export const hexColor = () => z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'invalid_color' });
export const countryCode = () =>
  z
    .string()
    .regex(/^[A-Z]{2}$/, { message: 'invalid_country' })
    .length(2);

export const EXTERNAL_ID_MAX = 45;
export const IMAGE_MAX_BYTES = 250 * 1024;
export const FAVICON_MAX_BYTES = 20 * 1024;
export const PDF_MAX_BYTES = 250 * 1024;

/** The range of int4, the column type of every integer the API stores unless its schema says otherwise. */
const INT4_MIN = -2_147_483_648;
const INT4_MAX = 2_147_483_647;

/**
 * Bounds an integer of a request to the int4 range (`too_small`, `too_large`), so that no value
 * reaches a column that cannot hold it; tighter bounds chained after it still apply.
 */
export const int4 = <T extends z.ZodNumber | z.ZodCoercedNumber>(schema: T): T =>
  schema.min(INT4_MIN, { message: 'too_small' }).max(INT4_MAX, { message: 'too_large' }) as T;
