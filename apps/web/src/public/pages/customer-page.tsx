import type { PublicCountriesResponse } from '@reprise/shared';
import { IDENTIFICATION_TYPES } from '@reprise/shared/customer/customer';
import { formatIban } from '@reprise/shared/customer/iban';
import { formatPhoneInternational } from '@reprise/shared/customer/phone';
import { postcodeExample } from '@reprise/shared/customer/postcode';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { countryOptions } from '../../lib/countries';
import { useResource } from '../api';
import { canContinue, needsIban, saveCartCustomer, useCart } from '../journey/cart';
import { CartLines } from '../journey/cart-lines';
import {
  type CustomerValues,
  customerOf,
  defaultCountry,
  emptyCustomer,
  FIELD_LABEL_KEYS,
  type FieldPath,
  getField,
  setField,
  validateCustomer,
} from '../journey/customer-form';
import { readIban, readTemporaryCustomer, saveIban, saveTemporaryCustomer } from '../journey/customer-store';
import { minimumCentsOf, useBuybackSettings } from '../journey/settings';
import { useSite } from '../site-context';
import { usePageTitle } from '../use-page-title';
import { LoadError, Loading } from './states';

interface FieldProps {
  path: FieldPath;
  label: string;
  values: CustomerValues;
  errors: Partial<Record<FieldPath, string>>;
  onChange: (path: FieldPath, value: string) => void;
  onBlur?: (path: FieldPath) => void;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  maxLength?: number;
  help?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  options?: { value: string; label: string }[];
}

const fieldId = (path: FieldPath) => `customer-${path.replace('.', '-')}`;

function Field({
  path,
  label,
  values,
  errors,
  onChange,
  onBlur,
  required = false,
  type = 'text',
  autoComplete,
  maxLength,
  help,
  inputMode,
  options,
}: FieldProps) {
  const { t } = useTranslation();
  const id = fieldId(path);
  const error = errors[path];
  const describedBy = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const common = {
    id,
    name: path,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    value: getField(values, path),
    onBlur: onBlur ? () => onBlur(path) : undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {help && (
        <p id={`${id}-help`} className="muted field-help">
          {help}
        </p>
      )}
      {options ? (
        <select {...common} onChange={(e) => onChange(path, e.target.value)}>
          <option value="">{t('customer.choose')}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={autoComplete}
          maxLength={maxLength}
          inputMode={inputMode}
          onChange={(e) => onChange(path, e.target.value)}
        />
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {t(`errors.${error}`, { defaultValue: t('errors.invalid_value') })}
        </p>
      )}
    </div>
  );
}

/**
 * `/cart/customer-infos`: the customer's information with the same rules as in store (identity
 * document when the account requires it, IBAN when a payment mode needs it). Information saved
 * on this device (temporary customer information) can be loaded; the IBAN is never kept there.
 */
export function CustomerPage() {
  const { t } = useTranslation();
  const cart = useCart();
  const settings = useBuybackSettings();
  const countries = useResource<PublicCountriesResponse>('/api/white-label/countries');
  usePageTitle(t('customer.title'));
  if (!cart) return <Navigate to="/cart" replace />;
  if (settings.status === 'loading' || countries.status === 'loading') return <Loading />;
  if (settings.status === 'error' || countries.status === 'error') return <LoadError />;
  if (!canContinue(cart, minimumCentsOf(settings.data))) return <Navigate to="/cart" replace />;
  return (
    <CustomerForm
      cartId={cart.id}
      identityDocumentRequired={settings.data.customer_identity_document_required}
      servedCountries={countries.data.member}
    />
  );
}

function CustomerForm({
  cartId,
  identityDocumentRequired,
  servedCountries,
}: {
  cartId: string;
  identityDocumentRequired: boolean;
  /** The countries the site's web circuits serve: the only ones offered. */
  servedCountries: string[];
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { config } = useSite();
  const accountId = config.brand.accountId;
  const cart = useCart();
  const ibanRequired = needsIban(cart);
  const saved = useMemo(() => readTemporaryCustomer(accountId), [accountId]);
  const [values, setValues] = useState<CustomerValues>(() => ({
    ...(cart?.customer ?? emptyCustomer(defaultCountry(servedCountries, config.brand.language))),
    iban: readIban(cartId),
  }));
  const [errors, setErrors] = useState<Partial<Record<FieldPath, string>>>({});
  const [attempted, setAttempted] = useState(false);
  const [remember, setRemember] = useState(saved !== null);
  const [loaded, setLoaded] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const countries = useMemo(
    () => countryOptions(i18n.language).filter((option) => servedCountries.includes(option.value)),
    [i18n.language, servedCountries],
  );
  const rules = { identityDocumentRequired, ibanRequired, countries: servedCountries };
  const zipExample = postcodeExample(values.country);

  const labels = Object.fromEntries(
    Object.entries(FIELD_LABEL_KEYS).map(([path, key]) => [path, t(key)]),
  ) as Record<FieldPath, string>;

  const change = (path: FieldPath, value: string) => {
    const next = setField(values, path, value);
    setValues(next);
    if (attempted) setErrors(validateCustomer(next, rules));
  };
  const blur = (path: FieldPath) => {
    let next = values;
    if (path === 'phone') next = setField(values, 'phone', formatPhoneInternational(values.phone));
    if (path === 'iban') next = setField(values, 'iban', formatIban(values.iban));
    if (next !== values) setValues(next);
    const fieldError = validateCustomer(next, rules)[path];
    if (getField(next, path) !== '' || attempted)
      setErrors((previous) => ({ ...previous, [path]: fieldError }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const found = validateCustomer(values, rules);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    const customer = customerOf(values);
    saveCartCustomer(customer);
    saveIban(cartId, ibanRequired ? values.iban : '');
    if (remember) saveTemporaryCustomer(accountId, customer);
    navigate('/cart/summary');
  };

  const common = { values, errors, onChange: change, onBlur: blur };
  const errorList = Object.entries(errors).filter(([, code]) => code) as [FieldPath, string][];
  return (
    <div className="container page">
      <h1>{t('customer.title')}</h1>
      {cart && (
        <details className="panel">
          <summary>{t('cart.lines', { count: cart.buybacks.length })}</summary>
          <CartLines lines={cart.buybacks} />
        </details>
      )}
      {saved && !loaded && (
        <div className="notice" role="status">
          <p>{t('customer.savedFound')}</p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setValues({ ...saved, iban: values.iban });
              setLoaded(true);
              setErrors({});
            }}
          >
            {t('customer.loadSaved')}
          </button>
        </div>
      )}
      <form noValidate onSubmit={submit} className="customer-form">
        {attempted && errorList.length > 0 && (
          <div
            ref={summary}
            tabIndex={-1}
            className="notice notice-error"
            role="alert"
            aria-labelledby="errors-title"
          >
            <h2 id="errors-title">{t('customer.errorsTitle', { count: errorList.length })}</h2>
            <ul>
              {errorList.map(([path, code]) => (
                <li key={path}>
                  <a href={`#${fieldId(path)}`}>
                    {labels[path]}: {t(`errors.${code}`, { defaultValue: t('errors.invalid_value') })}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
        <p className="muted small">{t('customer.requiredNote')}</p>
        <fieldset className="form-group">
          <legend>{t('customer.identity')}</legend>
          <div className="form-grid">
            <Field
              path="firstName"
              label={labels.firstName}
              required
              autoComplete="given-name"
              maxLength={255}
              {...common}
            />
            <Field
              path="lastName"
              label={labels.lastName}
              required
              autoComplete="family-name"
              maxLength={255}
              {...common}
            />
            <Field
              path="email"
              label={labels.email}
              required
              type="email"
              autoComplete="email"
              maxLength={255}
              {...common}
            />
            <Field
              path="phone"
              label={labels.phone}
              required
              type="tel"
              autoComplete="tel"
              help={t('customer.phoneHelp')}
              {...common}
            />
          </div>
        </fieldset>
        <fieldset className="form-group">
          <legend>{t('customer.address')}</legend>
          <div className="form-grid">
            <Field
              path="street"
              label={labels.street}
              required
              autoComplete="address-line1"
              maxLength={125}
              {...common}
            />
            <Field
              path="streetMore"
              label={labels.streetMore}
              autoComplete="address-line2"
              maxLength={125}
              {...common}
            />
            <Field
              path="zip"
              label={labels.zip}
              required
              autoComplete="postal-code"
              maxLength={10}
              help={zipExample ? t('customer.zipHelp', { example: zipExample }) : undefined}
              {...common}
            />
            <Field
              path="city"
              label={labels.city}
              required
              autoComplete="address-level2"
              maxLength={45}
              {...common}
            />
            <Field path="country" label={labels.country} required options={countries} {...common} />
          </div>
        </fieldset>
        <fieldset className="form-group">
          <legend>{t('customer.identification')}</legend>
          <div className="form-grid">
            <Field
              path="identification.type"
              label={labels['identification.type']}
              required
              options={IDENTIFICATION_TYPES.map((value) => ({
                value,
                label: t(`customer.idTypes.${value}`),
              }))}
              {...common}
            />
            <Field
              path="identification.number"
              label={labels['identification.number']}
              required
              maxLength={20}
              autoComplete="off"
              {...common}
            />
            <Field
              path="identification.deliveryDate"
              label={labels['identification.deliveryDate']}
              required={identityDocumentRequired}
              type="date"
              {...common}
            />
            <Field
              path="identification.issuingAuthority"
              label={labels['identification.issuingAuthority']}
              required={identityDocumentRequired}
              maxLength={255}
              autoComplete="off"
              {...common}
            />
          </div>
        </fieldset>
        {ibanRequired && (
          <fieldset className="form-group">
            <legend>{t('customer.payment')}</legend>
            <Field
              path="iban"
              label={labels.iban}
              required
              autoComplete="off"
              maxLength={42}
              help={t('customer.ibanHelp')}
              {...common}
            />
          </fieldset>
        )}
        <label className="inline-check">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          <span>{t('customer.remember')}</span>
        </label>
        <div className="actions">
          <Link className="button button-secondary" to="/cart">
            {t('customer.backToCart')}
          </Link>
          <button type="submit" className="button">
            {t('customer.continue')}
          </button>
        </div>
      </form>
    </div>
  );
}
