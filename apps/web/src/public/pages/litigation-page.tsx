import type { LitigationAnswer, LitigationAnswerResponse, PublicLitigationResponse } from '@reprise/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { respond } from '../api';
import { usePageTitle } from '../use-page-title';
import { LinkOutcome, Loading } from './states';

/**
 * `buyback/:buybackId/accept` and `buyback/:buybackId/reject` (the
 * litigation page): ONE screen for both links of the counter-offer mail. It shows the proposal, the
 * link's choice preselected, asks to confirm, then says what follows: paid within 5 business days
 * (accepted) or the product returned (declined). A proposal already answered, or a link no longer
 * valid (a newer mail was sent), says so. The link's token is the only credential.
 */

type Choice = 'accept' | 'reject';

type State =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'failed' }
  | { kind: 'resolved'; answer: LitigationAnswer }
  | { kind: 'proposal'; proposal: PublicLitigationResponse }
  | { kind: 'answered'; result: LitigationAnswerResponse };

/** A problem document of this API: its code and, for an answered proposal, which answer it was. */
async function outcomeOf(response: Response): Promise<State> {
  const problem = (await response.json().catch(() => null)) as {
    code?: string;
    answer?: LitigationAnswer;
  } | null;
  if (response.status === 409 && problem?.code === 'litigation_already_resolved' && problem.answer)
    return { kind: 'resolved', answer: problem.answer };
  if (response.status === 404 || response.status === 422) return { kind: 'invalid' };
  return { kind: 'failed' };
}

export function LitigationPage() {
  const { t } = useTranslation();
  const { buybackId = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { pathname } = useLocation();
  const [choice, setChoice] = useState<Choice>(pathname.endsWith('/reject') ? 'reject' : 'accept');
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageTitle(t('litigation.title'));

  useEffect(() => {
    if (!token) {
      setState({ kind: 'invalid' });
      return;
    }
    let live = true;
    void respond(
      `/api/public/litigations/${encodeURIComponent(buybackId)}?token=${encodeURIComponent(token)}`,
    ).then(async (response) => {
      if (!live) return;
      if (!response) setState({ kind: 'failed' });
      else if (response.ok)
        setState({ kind: 'proposal', proposal: (await response.json()) as PublicLitigationResponse });
      else setState(await outcomeOf(response));
    });
    return () => {
      live = false;
    };
  }, [buybackId, token]);

  // each new state is announced from its heading
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each change of state or step
  useEffect(() => {
    if (state.kind !== 'loading') headingRef.current?.focus();
  }, [state.kind, confirming]);

  const answer = async () => {
    setSending(true);
    const response = await respond(`/api/public/litigations/${encodeURIComponent(buybackId)}/${choice}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    setSending(false);
    if (!response) setState({ kind: 'failed' });
    else if (response.ok)
      setState({ kind: 'answered', result: (await response.json()) as LitigationAnswerResponse });
    else setState(await outcomeOf(response));
  };

  if (state.kind === 'loading') return <Loading />;

  const money = (cents: number, currency: string) =>
    new Intl.NumberFormat(document.documentElement.lang || undefined, { style: 'currency', currency }).format(
      cents / 100,
    );
  const heading = (text: string) => (
    <h1 ref={headingRef} tabIndex={-1}>
      {text}
    </h1>
  );
  const home = (
    <div className="actions">
      <Link className="button button-secondary" to="/">
        {t('litigation.home')}
      </Link>
    </div>
  );
  const outcome = { testId: 'litigation-page', state: state.kind, headingRef, home: t('litigation.home') };

  if (state.kind === 'invalid' || state.kind === 'failed')
    return (
      <LinkOutcome
        {...outcome}
        title={t(state.kind === 'invalid' ? 'litigation.invalidTitle' : 'litigation.failedTitle')}
        notice={t(state.kind === 'invalid' ? 'litigation.invalidText' : 'litigation.failedText')}
        tone="error"
      />
    );

  if (state.kind === 'resolved')
    return (
      <LinkOutcome
        {...outcome}
        title={t('litigation.resolvedTitle')}
        notice={t(state.answer === 'accepted' ? 'litigation.alreadyAccepted' : 'litigation.alreadyRejected')}
        tone="neutral"
      />
    );

  if (state.kind === 'answered') {
    const { result } = state;
    const accepted = result.status === 'accepted';
    return (
      <div className="container page prose" data-testid="litigation-page" data-state={result.status}>
        {heading(t(accepted ? 'litigation.acceptedTitle' : 'litigation.rejectedTitle'))}
        <div className="notice notice-success" role="status">
          <p>
            {accepted
              ? t('litigation.acceptedText', {
                  price: money(result.proposedPriceCents, result.currency),
                  days: result.paymentWithinBusinessDays,
                })
              : t('litigation.rejectedText')}
          </p>
        </div>
        {home}
      </div>
    );
  }

  const { proposal } = state;
  const proposed = money(proposal.proposedPriceCents, proposal.currency);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirming) void answer();
    else setConfirming(true);
  };

  return (
    <div className="container page prose" data-testid="litigation-page" data-state="proposal">
      {heading(t(confirming ? 'litigation.confirmTitle' : 'litigation.title'))}
      {!confirming && <p>{t('litigation.intro', { number: proposal.identificationNumber })}</p>}
      <div className="price-card">
        {proposal.product.imageUrl && (
          <img className="litigation-product" src={proposal.product.imageUrl} alt="" width={96} height={96} />
        )}
        <h2>
          {proposal.product.brand ? `${proposal.product.brand} · ` : ''}
          {proposal.product.name}
        </h2>
        <p className="price-big" data-testid="litigation-proposed">
          {proposed}
        </p>
        <dl className="facts">
          <div>
            <dt>{t('litigation.saleNumber')}</dt>
            <dd>{proposal.identificationNumber}</dd>
          </div>
          <div>
            <dt>{t('litigation.declaredPrice')}</dt>
            <dd>{money(proposal.declaredPriceCents, proposal.currency)}</dd>
          </div>
          <div>
            <dt>{t('litigation.proposedPrice')}</dt>
            <dd>{proposed}</dd>
          </div>
          <div>
            <dt>{t('litigation.reason')}</dt>
            <dd className="pre-line">{proposal.reason}</dd>
          </div>
          {proposal.warehouseComment && (
            <div>
              <dt>{t('litigation.comment')}</dt>
              <dd className="pre-line">{proposal.warehouseComment}</dd>
            </div>
          )}
        </dl>
      </div>
      {!confirming && proposal.photos.length > 0 && (
        <section aria-labelledby="litigation-photos">
          <h2 id="litigation-photos">{t('litigation.photos')}</h2>
          <ul className="litigation-photos">
            {proposal.photos.map((url, index) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noreferrer">
                  <img src={url} alt={t('litigation.photoAlt', { number: index + 1 })} />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <form onSubmit={submit} noValidate>
        {confirming ? (
          <p className="notice notice-warning" data-testid="litigation-confirm">
            {choice === 'accept'
              ? t('litigation.confirmAccept', { price: proposed })
              : t('litigation.confirmReject')}
          </p>
        ) : (
          <fieldset className="choices">
            <legend>
              <span className="choice-question">{t('litigation.choice')}</span>
            </legend>
            {(['accept', 'reject'] as const).map((value) => (
              <label key={value} className="option">
                <input
                  type="radio"
                  name="answer"
                  value={value}
                  checked={choice === value}
                  onChange={() => setChoice(value)}
                />
                <span>
                  <span className="option-title">{t(`litigation.${value}`)}</span>
                  <span className="option-text">
                    {value === 'accept'
                      ? t('litigation.acceptText', { price: proposed })
                      : t('litigation.rejectText')}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <div className="actions">
          {confirming && (
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
              {t('litigation.back')}
            </button>
          )}
          <button
            type="submit"
            className={`button${confirming && choice === 'reject' ? ' button-danger' : ''}`}
            disabled={sending}
          >
            {confirming
              ? t(choice === 'accept' ? 'litigation.confirmAcceptButton' : 'litigation.confirmRejectButton')
              : t('litigation.continue')}
          </button>
        </div>
      </form>
    </div>
  );
}
