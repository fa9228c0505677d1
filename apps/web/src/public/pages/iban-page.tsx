import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type IbanField, useIbanRequest } from '../../lib/iban-request';
import { usePageTitle } from '../use-page-title';
import { LinkOutcome, Loading } from './states';

/**
 * `iban/:token` (docs/payments.md, "Transfer without IBAN"): the page of the mail's link asking a
 * customer paid by transfer without IBAN for one, in the site's look (the model is
 * lib/iban-request.ts, shared with the platform's own page). It shows the amount, the sale and the
 * masked name, then a success state; a used or unknown link says so.
 */
export function IbanPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { state, values, errors, sending, change, submit: send } = useIbanRequest(token);
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageTitle(t('iban.title'));

  useEffect(() => {
    if (state.kind !== 'loading') headingRef.current?.focus();
  }, [state.kind]);

  if (state.kind === 'loading') return <Loading />;
  const heading = (text: string) => (
    <h1 ref={headingRef} tabIndex={-1}>
      {text}
    </h1>
  );
  const outcome = { testId: 'iban-page', state: state.kind, headingRef, home: t('iban.home') };
  if (state.kind === 'invalid' || state.kind === 'failed')
    return (
      <LinkOutcome
        {...outcome}
        title={t(state.kind === 'invalid' ? 'iban.invalidTitle' : 'iban.failedTitle')}
        notice={t(state.kind === 'invalid' ? 'iban.invalidText' : 'iban.failedText')}
        tone="error"
      />
    );
  if (state.kind === 'done')
    return (
      <LinkOutcome
        {...outcome}
        title={t('iban.doneTitle')}
        notice={t('iban.doneText', { iban: state.ibanMasked })}
        tone="success"
      />
    );

  const { request } = state;
  const amount = new Intl.NumberFormat(document.documentElement.lang || undefined, {
    style: 'currency',
    currency: request.currency,
  }).format(request.amountCents / 100);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const errorOf = (name: IbanField) => {
    const code = errors[name];
    return code ? t(`iban.errors.${code}`, { defaultValue: t('iban.errors.invalid') }) : undefined;
  };

  const field = (name: IbanField, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`iban-${name}`}>{t(`iban.${name}`)}</label>
      <input
        id={`iban-${name}`}
        name={name}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(e) => change(name, e.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `iban-${name}-error` : undefined}
        required
      />
      {errors[name] && (
        <p id={`iban-${name}-error`} className="field-error">
          {errorOf(name)}
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
