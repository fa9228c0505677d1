import type { IbanRequestResponse, SubmitIbanResponse } from '@reprise/shared';
import { SubmitIbanRequest } from '@reprise/shared/schemas/payments';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../use-page-title';
import { Loading } from './states';

/**
 * `iban/:token` (docs/payments.md, "Transfer without IBAN"): the page of the mail's link asking a
 * customer paid by transfer without IBAN for one. It shows the amount, the sale and the masked
 * name; the IBAN and the account holder's name are checked with the API's own schema, sent once,
 * then a success state. A used or unknown link says so. The link's token is the only credential.
 */

type State =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'failed' }
  | { kind: 'form'; request: IbanRequestResponse }
  | { kind: 'done'; ibanMasked: string };

type Field = 'iban' | 'holder';

async function call(url: string, init?: RequestInit): Promise<Response | null> {
  try {
    return await fetch(url, {
      credentials: 'same-origin',
      ...init,
      headers: { accept: 'application/json', ...init?.headers },
    });
  } catch {
    return null;
  }
}

export function IbanPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [values, setValues] = useState({ iban: '', holder: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const url = `/api/payments/iban-requests/${encodeURIComponent(token)}`;
  usePageTitle(t('iban.title'));

  useEffect(() => {
    let live = true;
    void call(url).then(async (response) => {
      if (!live) return;
      if (!response) setState({ kind: 'failed' });
      else if (response.ok)
        setState({ kind: 'form', request: (await response.json()) as IbanRequestResponse });
      else setState({ kind: response.status === 404 || response.status === 422 ? 'invalid' : 'failed' });
    });
    return () => {
      live = false;
    };
  }, [url]);

  useEffect(() => {
    if (state.kind !== 'loading') headingRef.current?.focus();
  }, [state.kind]);

  if (state.kind === 'loading') return <Loading />;
  const heading = (text: string) => (
    <h1 ref={headingRef} tabIndex={-1}>
      {text}
    </h1>
  );
  const home = (
    <div className="actions">
      <Link className="button button-secondary" to="/">
        {t('iban.home')}
      </Link>
    </div>
  );
  if (state.kind === 'invalid' || state.kind === 'failed')
    return (
      <div className="container page prose" data-testid="iban-page" data-state={state.kind}>
        {heading(t(state.kind === 'invalid' ? 'iban.invalidTitle' : 'iban.failedTitle'))}
        <p className="notice notice-error" role="alert">
          {t(state.kind === 'invalid' ? 'iban.invalidText' : 'iban.failedText')}
        </p>
        {home}
      </div>
    );
  if (state.kind === 'done')
    return (
      <div className="container page prose" data-testid="iban-page" data-state="done">
        {heading(t('iban.doneTitle'))}
        <p className="notice notice-success" role="status">
          {t('iban.doneText', { iban: state.ibanMasked })}
        </p>
        {home}
      </div>
    );

  const { request } = state;
  const amount = new Intl.NumberFormat(document.documentElement.lang || undefined, {
    style: 'currency',
    currency: request.currency,
  }).format(request.amountCents / 100);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = SubmitIbanRequest.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= t(`iban.errors.${issue.message}`, { defaultValue: t('iban.errors.invalid') });
      }
      setErrors(found);
      return;
    }
    setSending(true);
    const response = await call(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(parsed.data),
    });
    setSending(false);
    if (!response) setState({ kind: 'failed' });
    else if (response.ok)
      setState({ kind: 'done', ibanMasked: ((await response.json()) as SubmitIbanResponse).ibanMasked });
    else if (response.status === 422) setErrors({ iban: t('iban.errors.iban_invalid') });
    else setState({ kind: response.status === 404 ? 'invalid' : 'failed' });
  };

  const field = (name: Field, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`iban-${name}`}>{t(`iban.${name}`)}</label>
      <input
        id={`iban-${name}`}
        name={name}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(e) => {
          setValues({ ...values, [name]: e.target.value });
          if (errors[name]) setErrors({ ...errors, [name]: undefined });
        }}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `iban-${name}-error` : undefined}
        required
      />
      {errors[name] && (
        <p id={`iban-${name}-error`} className="field-error">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <div className="container page prose" data-testid="iban-page" data-state="form">
      {heading(t('iban.title'))}
      <p>{t('iban.intro', { name: request.customerName, retailer: request.retailer })}</p>
      <div className="price-card">
        <p className="price-big" data-testid="iban-amount">
          {amount}
        </p>
        <dl className="facts">
          <div>
            <dt>{t('iban.saleNumber')}</dt>
            <dd>{request.buybackCode}</dd>
          </div>
        </dl>
      </div>
      <form onSubmit={submit} noValidate>
        {field('iban', 'off')}
        {field('holder', 'name')}
        <p className="notice">{t('iban.note')}</p>
        <div className="actions">
          <button
            type="submit"
            className="button button-primary"
            disabled={sending}
            data-testid="iban-submit"
          >
            {t('iban.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
