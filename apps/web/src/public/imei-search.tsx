import type { PremiumActionResponse } from '@reprise/shared';
import { isImeiFormat } from '@reprise/shared/customer/imei';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getJson } from './api';
import { ProductCards } from './product-cards';
import { useVisitor } from './visitor-context';

/**
 * Search by IMEI (15 to 17 digits, nothing else), offered when one of the
 * retailer's premium-feature connectors answers `imei_lookup` (the visitor's start-up reads the
 * account's connector actions). Submitting opens `/search?imei=`; the products found are those one
 * of whose TAC codes is the IMEI's first 8 digits, linking into the wizard like the word search.
 */

export function useImeiSearchOffered(): boolean {
  const visitor = useVisitor();
  return visitor.status === 'ready' && visitor.connectorActions.includes('imei_lookup');
}

/** Spaces a copy may add are dropped; slashes and dashes are refused. */
const normalised = (typed: string) => typed.replace(/\s+/g, '');

export function ImeiSearchForm({ initial = '' }: { initial?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const imei = normalised(String(new FormData(event.currentTarget).get('imei') ?? ''));
    if (!isImeiFormat(imei)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    navigate(`/search?imei=${imei}`);
  };
  return (
    <search className="search-form" aria-label={t('imeiSearch.title')} data-testid="imei-search">
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={id}>{t('imeiSearch.label')}</label>
          <p id={`${id}-help`} className="muted">
            {t('imeiSearch.help')}
          </p>
          <div className="search-row">
            <input
              id={id}
              name="imei"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={initial}
              maxLength={40}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-help ${id}-error` : `${id}-help`}
            />
            <button type="submit" className="button">
              {t('imeiSearch.submit')}
            </button>
          </div>
          {invalid && (
            <p id={`${id}-error`} className="field-error" role="alert">
              {t('imeiSearch.invalid')}
            </p>
          )}
        </div>
      </form>
    </search>
  );
}

type Results = { imei: string; page: PremiumActionResponse } | { imei: string; failed: true };

/** The products of `/search?imei=`. */
export function ImeiResults({ imei }: { imei: string }) {
  const { t } = useTranslation();
  const [results, setResults] = useState<Results | null>(null);
  useEffect(() => {
    setResults(null);
    const controller = new AbortController();
    getJson<PremiumActionResponse>(
      `/api/organizations/launch-generic-premium-feature-connector?action=imei_lookup&values%5Bimei%5D=${encodeURIComponent(imei)}`,
      controller.signal,
    ).then(
      (page) => setResults({ imei, page }),
      (error: Error) => {
        if (error.name !== 'AbortError') setResults({ imei, failed: true });
      },
    );
    return () => controller.abort();
  }, [imei]);
  if (!results)
    return (
      <p role="status" className="page-state">
        {t('loading')}
      </p>
    );
  if ('failed' in results) return <p role="alert">{t('imeiSearch.error')}</p>;
  const { member } = results.page;
  return (
    <div data-testid="imei-results">
      <p role="status">
        {member.length === 0 ? t('imeiSearch.none') : t('search.count', { count: member.length })}
      </p>
      <ProductCards products={member} headingLevel={2} />
    </div>
  );
}
