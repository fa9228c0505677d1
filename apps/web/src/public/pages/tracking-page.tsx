import type { TrackingEvent, TrackingResponse } from '@reprise/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError, getJson, postJson } from '../api';
import { useFormatPrice, usePageTitle } from '../use-page-title';
import { LinkOutcome, Loading } from './states';

/**
 * `tracking/:token` (docs/tracking.md): the page of a buyback's private link, no sign-in. The
 * timeline of the steps done, the next step and when it is expected, the customer's documents and
 * the retailer's support contact; `tracking/:token/unsubscribe` stops the optional progress mails.
 */

type State =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'failed' }
  | { kind: 'ready'; tracking: TrackingResponse };

const api = (token: string) => `/api/tracking/${encodeURIComponent(token)}`;

function useTracking(token: string): State {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getJson<TrackingResponse>(api(token), controller.signal).then(
      (tracking) => setState({ kind: 'ready', tracking }),
      (error: unknown) => {
        if (error instanceof ApiError) setState({ kind: error.status === 404 ? 'invalid' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [token]);
  return state;
}

const dateOf = (iso: string) =>
  new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: 'long' }).format(
    new Date(iso),
  );

function EventDetail({ event }: { event: TrackingEvent }) {
  const { t } = useTranslation();
  const money = useFormatPrice();
  if (event.step === 'sent' && event.carrier)
    return (
      <p>
        {event.carrier.trackingNumber &&
          t('tracking.carrierNumber', { number: event.carrier.trackingNumber })}{' '}
        {event.carrier.trackingUrl && (
          <a href={event.carrier.trackingUrl} rel="noopener noreferrer" target="_blank">
            {t('tracking.carrierLink')}
          </a>
        )}
      </p>
    );
  if (event.step === 'controlled' && event.outcome) return <p>{t(`tracking.outcome.${event.outcome}`)}</p>;
  if (event.step === 'counter_offer' && event.counterOffer) {
    const offer = event.counterOffer;
    return (
      <>
        <p>{t(`tracking.counterOffer.${offer.status}`, { price: money(offer.proposedPriceCents) })}</p>
        {offer.acceptUrl && offer.rejectUrl && (
          <p className="actions">
            <a className="button button-primary" href={offer.acceptUrl} data-testid="tracking-accept">
              {t('tracking.counterOffer.answer')}
            </a>
          </p>
        )}
      </>
    );
  }
  if (event.step === 'paid' && event.paymentType) return <p>{t(`tracking.paidBy.${event.paymentType}`)}</p>;
  return null;
}

export function TrackingPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const state = useTracking(token);
  const money = useFormatPrice();
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageTitle(t('tracking.title'));
  useEffect(() => {
    if (state.kind !== 'loading') headingRef.current?.focus();
  }, [state.kind]);

  if (state.kind === 'loading') return <Loading />;
  if (state.kind !== 'ready')
    return (
      <LinkOutcome
        testId="tracking-page"
        state={state.kind}
        headingRef={headingRef}
        title={t(state.kind === 'invalid' ? 'tracking.invalidTitle' : 'tracking.failedTitle')}
        notice={t(state.kind === 'invalid' ? 'tracking.invalidText' : 'tracking.failedText')}
        tone="error"
        home={t('tracking.home')}
      />
    );

  const { tracking } = state;
  const next = tracking.nextStep;
  return (
    <div className="container page prose" data-testid="tracking-page" data-state="ready">
      <h1 ref={headingRef} tabIndex={-1}>
        {t('tracking.title')}
      </h1>
      <div className="price-card">
        <p>{tracking.productName}</p>
        <p className="price-big">{money(tracking.offerCents)}</p>
        <dl className="facts">
          <div>
            <dt>{t('tracking.saleNumber')}</dt>
            <dd data-testid="tracking-number">{tracking.buybackNumber}</dd>
          </div>
        </dl>
      </div>

      <section aria-labelledby="tracking-next">
        <h2 id="tracking-next">{t('tracking.nextTitle')}</h2>
        <p data-testid="tracking-next" data-step={next?.step ?? 'none'}>
          {next ? t(`tracking.next.${next.step}`) : t('tracking.next.none')}
          {next?.expectedBy && <> {t('tracking.expectedBy', { date: dateOf(next.expectedBy) })}</>}
        </p>
      </section>

      <section aria-labelledby="tracking-steps">
        <h2 id="tracking-steps">{t('tracking.stepsTitle')}</h2>
        <ol className="tracking-timeline" data-testid="tracking-timeline">
          {tracking.timeline.map((event) => (
            <li key={`${event.step}-${event.at}`} data-step={event.step}>
              <p>
                <strong>{t(`tracking.step.${event.step}`)}</strong>{' '}
                <time dateTime={event.at}>{dateOf(event.at)}</time>
              </p>
              <EventDetail event={event} />
            </li>
          ))}
        </ol>
      </section>

      {tracking.documents.length > 0 && (
        <section aria-labelledby="tracking-documents">
          <h2 id="tracking-documents">{t('tracking.documentsTitle')}</h2>
          <ul className="document-list">
            {tracking.documents.map((document) => (
              <li key={document}>
                <a
                  className="button button-secondary"
                  href={`${api(token)}/documents/${document}`}
                  data-testid={`tracking-document-${document}`}
                >
                  {t(`tracking.document.${document}`)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="tracking-support">
        <h2 id="tracking-support">{t('tracking.supportTitle')}</h2>
        <p data-testid="tracking-support">
          {tracking.support.email ? (
            <>
              {t('tracking.support', { retailer: tracking.support.retailer })}{' '}
              <a href={`mailto:${tracking.support.email}`}>{tracking.support.email}</a>
            </>
          ) : (
            t('tracking.supportNone', { retailer: tracking.support.retailer })
          )}
        </p>
      </section>
      {tracking.progressMails && (
        <p>
          <Link to={`/tracking/${encodeURIComponent(token)}/unsubscribe`}>
            {t('tracking.unsubscribeLink')}
          </Link>
        </p>
      )}
    </div>
  );
}

/** `tracking/:token/unsubscribe`: one button, then the outcome. */
export function TrackingUnsubscribePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [state, setState] = useState<'form' | 'sending' | 'done' | 'invalid' | 'failed'>('form');
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageTitle(t('tracking.unsubscribeTitle'));
  useEffect(() => {
    if (state !== 'form' && state !== 'sending') headingRef.current?.focus();
  }, [state]);
  const outcome = { testId: 'tracking-unsubscribe', state, headingRef, home: t('tracking.home') };
  if (state === 'done')
    return (
      <LinkOutcome
        {...outcome}
        title={t('tracking.unsubscribedTitle')}
        notice={t('tracking.unsubscribedText')}
        tone="success"
      />
    );
  if (state === 'invalid' || state === 'failed')
    return (
      <LinkOutcome
        {...outcome}
        title={t(state === 'invalid' ? 'tracking.invalidTitle' : 'tracking.failedTitle')}
        notice={t(state === 'invalid' ? 'tracking.invalidText' : 'tracking.failedText')}
        tone="error"
      />
    );
  const send = () => {
    setState('sending');
    postJson(`${api(token)}/unsubscribe`).then(
      () => setState('done'),
      (error: unknown) => setState(error instanceof ApiError && error.status === 404 ? 'invalid' : 'failed'),
    );
  };
  return (
    <div className="container page prose" data-testid="tracking-unsubscribe" data-state={state}>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('tracking.unsubscribeTitle')}
      </h1>
      <p>{t('tracking.unsubscribeText')}</p>
      <div className="actions">
        <button type="button" className="button button-primary" onClick={send} disabled={state === 'sending'}>
          {t('tracking.unsubscribeButton')}
        </button>
        <Link className="button button-secondary" to={`/tracking/${encodeURIComponent(token)}`}>
          {t('tracking.backToTracking')}
        </Link>
      </div>
    </div>
  );
}
