import { customerSchemaFor } from '@reprise/shared/customer/customer';
import type { CartCustomer } from './cart';

/** The customer form's values: the cart's customer and the IBAN (kept apart from it). */
export interface CustomerValues extends CartCustomer {
  iban: string;
}

const FIELD_PATHS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'street',
  'streetMore',
  'zip',
  'city',
  'country',
  'identification.type',
  'identification.number',
  'identification.deliveryDate',
  'identification.issuingAuthority',
  'iban',
] as const;
export type FieldPath = (typeof FIELD_PATHS)[number];

export function emptyCustomer(country: string): CartCustomer {
  return {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    street: '',
    streetMore: '',
    zip: '',
    city: '',
    country,
    identification: { type: '', number: '', deliveryDate: '', issuingAuthority: '' },
  };
}

/**
 * The same rules as in store (the shared customer schema): the identity document's date and
 * authority when the account requires it, the IBAN when a payment mode of the cart needs one, the
 * postcode in its country's format and the country among those the site's circuits serve.
 * Answers the first error code of each field, in the form's order (empty: valid).
 */
export function validateCustomer(
  values: CustomerValues,
  rules: { identityDocumentRequired: boolean; ibanRequired: boolean; countries?: readonly string[] },
): Partial<Record<FieldPath, string>> {
  const result = customerSchemaFor(rules).safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<FieldPath, string>> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    const field = (FIELD_PATHS as readonly string[]).includes(path)
      ? (path as FieldPath)
      : path === 'identification'
        ? 'identification.type'
        : null;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return Object.fromEntries(
    FIELD_PATHS.filter((path) => errors[path]).map((path) => [path, errors[path]]),
  ) as Partial<Record<FieldPath, string>>;
}

export function getField(values: CustomerValues, path: FieldPath): string {
  if (path.startsWith('identification.'))
    return values.identification[
      path.slice('identification.'.length) as keyof CartCustomer['identification']
    ];
  return values[path as Exclude<FieldPath, `identification.${string}`>];
}

export function setField(values: CustomerValues, path: FieldPath, value: string): CustomerValues {
  if (path.startsWith('identification.'))
    return {
      ...values,
      identification: { ...values.identification, [path.slice('identification.'.length)]: value },
    };
  return { ...values, [path]: value };
}

export const customerOf = ({ iban: _iban, ...customer }: CustomerValues): CartCustomer => customer;

/** The translation key of each field's label. */
export const FIELD_LABEL_KEYS: Record<FieldPath, string> = {
  firstName: 'customer.firstName',
  lastName: 'customer.lastName',
  email: 'customer.email',
  phone: 'customer.phone',
  street: 'customer.street',
  streetMore: 'customer.streetMore',
  zip: 'customer.zip',
  city: 'customer.city',
  country: 'customer.country',
  'identification.type': 'customer.idType',
  'identification.number': 'customer.idNumber',
  'identification.deliveryDate': 'customer.idDate',
  'identification.issuingAuthority': 'customer.idAuthority',
  iban: 'customer.iban',
};

/**
 * The country a new customer starts with: the only one served, else the account language's own
 * country when served (fr-FR → FR), else none (the visitor chooses).
 */
export function defaultCountry(served: readonly string[], accountLanguage: string): string {
  if (served.length === 1) return served[0] as string;
  const region = accountLanguage.split('-')[1]?.toUpperCase() ?? '';
  return served.includes(region) ? region : '';
}
