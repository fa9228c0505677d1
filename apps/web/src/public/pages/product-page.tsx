import type { BuybackQuestionnaireResponse, EstimateResponse, ShippingMethod } from '@reprise/shared';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, postJson, useResource } from '../api';
import { addToCart, canAddAnother, newId, useCart } from '../journey/cart';
import { estimateErrorOf, estimateErrorPath, isEstimateErrorCode } from '../journey/estimate-errors';
import { PriceLines } from '../journey/price';
import {
  answerSummary,
  answersInput,
  buildSteps,
  checkImei,
  chooseAnswers,
  chooseCircuit,
  clearDraft,
  type Draft,
  furthestStep,
  isStepComplete,
  livePrice,
  loadDraft,
  normaliseImei,
  type Question,
  type Questionnaire,
  type Step,
  saveDraft,
  selectedCircuit,
  selectedPayment,
  webCircuits,
} from '../journey/steps';
import { useSite } from '../site-context';
import { useFormatPrice, usePageTitle } from '../use-page-title';
import { recoverFromLostSession, useVisitor } from '../visitor-context';
import { LoadError, Loading } from './states';

type Modifier = ShippingMethod['modifier'];
type T = (key: string, options?: Record<string, unknown>) => string;

function useModifierText(): (modifier: Modifier) => string | null {
  const { t } = useTranslation();
  const money = useFormatPrice();
  return (modifier) => {
    if (!modifier || modifier.value === 0) return null;
    const sign = modifier.value > 0 ? '+' : '';
    if (modifier.kind === 'fixed') return `${sign}${money(modifier.value)}`;
    const percent = `${sign}${modifier.value} %`;
    return modifier.capCents === null
      ? percent
      : t('delivery.capped', { value: percent, cap: money(Math.abs(modifier.capCents)) });
  };
}

function stepTitle(step: Step, t: T): string {
  switch (step.kind) {
    case 'imei':
      return t('journey.imei.title');
    case 'question':
      return t('journey.question', { number: step.number, count: step.count });
    case 'delivery':
      return t('delivery.title');
    case 'review':
      return t('review.title');
  }
}

/** The step in the address (`?step=2`, 1-based), so that the browser's back button walks the steps. */
function useStep(): [number, (index: number, replace?: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const step = Math.max(0, (Number.parseInt(params.get('step') ?? '1', 10) || 1) - 1);
  const go = useCallback(
    (index: number, replace = false) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set('step', String(index + 1));
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return [step, go];
}

function QuestionStep({
  question,
  selected,
  onChange,
  error,
}: {
  question: Question;
  selected: string[];
  onChange: (ids: string[]) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const unique = question.type === 'unique';
  const errorId = `question-error-${question.id}`;
  return (
    <>
      {question.description && (
        <aside className="help-box" aria-labelledby={`help-${question.id}`}>
          <h3 id={`help-${question.id}`}>{t('journey.howToTest')}</h3>
          <p className="pre-line">{question.description}</p>
        </aside>
      )}
      <fieldset className="choices" aria-describedby={error ? errorId : undefined}>
        <legend>
          <span className="choice-question">{question.title}</span>
          <span className="muted choice-hint">{unique ? t('journey.one') : t('journey.several')}</span>
        </legend>
        {question.answers.map((answer) => {
          const checked = selected.includes(answer.id);
          return (
            <label key={answer.id} className="option">
              <input
                type={unique ? 'radio' : 'checkbox'}
                name={`q-${question.id}`}
                value={answer.id}
                checked={checked}
                onChange={() =>
                  onChange(
                    unique
                      ? [answer.id]
                      : checked
                        ? selected.filter((id) => id !== answer.id)
                        : [...selected, answer.id],
                  )
                }
              />
              <span>
                <span className="option-title">{answer.title}</span>
                {answer.description && <span className="option-text">{answer.description}</span>}
              </span>
            </label>
          );
        })}
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
      </fieldset>
    </>
  );
}

function ImeiStep({
  draft,
  tacCodes,
  attempted,
  onChange,
}: {
  draft: Draft;
  tacCodes: string[];
  attempted: boolean;
  onChange: (draft: Draft) => void;
}) {
  const { t } = useTranslation();
  const check = checkImei(draft.imei, tacCodes);
  const showError = attempted && check.error;
  return (
    <div className="field">
      <label htmlFor="imei">{t('journey.imei.label')}</label>
      <p id="imei-help" className="muted field-help">
        {t('journey.imei.help')}
      </p>
      <input
        id="imei"
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        value={draft.imei}
        aria-invalid={showError ? true : undefined}
        aria-describedby={showError ? 'imei-help imei-error' : 'imei-help'}
        onChange={(e) => onChange({ ...draft, imei: e.target.value, imeiWarningAccepted: false })}
      />
      {showError && (
        <p id="imei-error" className="field-error" role="alert">
          {t(`errors.${check.error}`)}
        </p>
      )}
      {check.error === null && check.warnings.length > 0 && (
        <div className="notice notice-warning" role="status">
          {check.warnings.map((warning) => (
            <p key={warning}>{t(`journey.imei.${warning}`)}</p>
          ))}
          <label className="inline-check">
            <input
              type="checkbox"
              checked={draft.imeiWarningAccepted}
              onChange={(e) => onChange({ ...draft, imeiWarningAccepted: e.target.checked })}
            />
            <span>{t('journey.imei.continueAnyway')}</span>
          </label>
        </div>
      )}
    </div>
  );
}

function DeliveryStep({
  circuits,
  draft,
  onChange,
  attempted,
}: {
  circuits: ShippingMethod[];
  draft: Draft;
  onChange: (draft: Draft) => void;
  attempted: boolean;
}) {
  const { t } = useTranslation();
  const modifierText = useModifierText();
  const chosen = selectedCircuit(draft, circuits);
  const payment = selectedPayment(draft, circuits);
  const badge = (modifier: Modifier) => {
    const text = modifierText(modifier);
    if (!text || !modifier) return null;
    return (
      <span className={modifier.value > 0 ? 'badge badge-bonus' : 'badge badge-malus'}>
        {t(modifier.value > 0 ? 'delivery.bonus' : 'delivery.malus', { value: text })}
      </span>
    );
  };
  return (
    <>
      <fieldset className="choices" aria-describedby={attempted && !chosen ? 'transport-error' : undefined}>
        <legend>
          <span className="choice-question">{t('delivery.transport')}</span>
        </legend>
        {circuits.map((circuit) => (
          <label key={circuit.id} className="option" data-testid="circuit">
            <input
              type="radio"
              name="transport"
              value={circuit.id}
              checked={draft.circuitId === circuit.id}
              onChange={() => onChange(chooseCircuit(draft, circuit.id, circuits))}
            />
            <span>
              <span className="option-title">
                {circuit.name} {badge(circuit.modifier)}
              </span>
              <span className="option-text">{t(`delivery.modes.${circuit.depositType}`)}</span>
              {circuit.description && <span className="option-text">{circuit.description}</span>}
            </span>
          </label>
        ))}
        {attempted && !chosen && (
          <p id="transport-error" className="field-error" role="alert">
            {t('errors.transport_required')}
          </p>
        )}
      </fieldset>
      {chosen && (
        <section className="help-box" aria-labelledby="transport-instructions">
          <h3 id="transport-instructions">{t('delivery.instructions')}</h3>
          {chosen.highlightedInstruction && <p className="highlight">{chosen.highlightedInstruction}</p>}
          {chosen.instructions.length > 0 && (
            <ol>
              {[...chosen.instructions]
                .sort((a, b) => a.sequence - b.sequence)
                .map((instruction) => (
                  <li key={instruction.sequence}>{instruction.label}</li>
                ))}
            </ol>
          )}
          {chosen.terms && <p className="muted pre-line small">{chosen.terms}</p>}
        </section>
      )}
      {chosen && (
        <fieldset className="choices" aria-describedby={attempted && !payment ? 'payment-error' : undefined}>
          <legend>
            <span className="choice-question">{t('delivery.payment')}</span>
          </legend>
          {chosen.paymentMethods.map((method) => (
            <label key={method.id} className="option" data-testid="payment-mode">
              <input
                type="radio"
                name="payment"
                value={method.id}
                checked={draft.paymentModeId === method.id}
                onChange={() => onChange({ ...draft, paymentModeId: method.id })}
              />
              <span>
                <span className="option-title">
                  {method.label} {badge(method.modifier)}
                </span>
                <span className="option-text">{method.description}</span>
                {method.longDescription && (
                  <span className="option-text pre-line small">{method.longDescription}</span>
                )}
              </span>
            </label>
          ))}
          {attempted && !payment && (
            <p id="payment-error" className="field-error" role="alert">
              {t('errors.payment_required')}
            </p>
          )}
        </fieldset>
      )}
    </>
  );
}

function ReviewStep({
  steps,
  draft,
  questionnaire,
  circuits,
  onEdit,
}: {
  steps: Step[];
  draft: Draft;
  questionnaire: Questionnaire;
  circuits: ShippingMethod[];
  onEdit: (index: number) => void;
}) {
  const { t } = useTranslation();
  const circuit = selectedCircuit(draft, circuits);
  const payment = selectedPayment(draft, circuits);
  return (
    <dl className="review">
      {steps.map((step, index) => {
        if (step.kind === 'review') return null;
        let value: string;
        if (step.kind === 'imei') value = normaliseImei(draft.imei);
        else if (step.kind === 'question')
          value = step.question.answers
            .filter((a) => (draft.answers[step.question.id] ?? []).includes(a.id))
            .map((a) => a.title)
            .join(', ');
        else value = `${circuit?.name ?? ''} · ${payment?.label ?? ''}`;
        const label =
          step.kind === 'question'
            ? step.question.title
            : step.kind === 'imei'
              ? t('journey.imei.label')
              : t('delivery.title');
        return (
          <div key={step.kind === 'question' ? step.question.id : step.kind}>
            <dt>{label}</dt>
            <dd>
              <span>{value}</span>{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => onEdit(index)}
                aria-label={t('review.changeLabel', { label })}
              >
                {t('review.change')}
              </button>
            </dd>
          </div>
        );
      })}
      <div className="visually-hidden">
        <dt>{t('review.product')}</dt>
        <dd>{questionnaire.product.name}</dd>
      </div>
    </dl>
  );
}

function Journey({
  questionnaire,
  circuits,
  maxItems,
}: {
  questionnaire: Questionnaire;
  circuits: ShippingMethod[];
  maxItems: number;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const money = useFormatPrice();
  const { buybackZeroDescription } = useSite().config;
  const { product } = questionnaire;
  const [draft, setDraftState] = useState<Draft>(() => loadDraft(product.id));
  const [attempted, setAttempted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [requested, goTo] = useStep();
  const heading = useRef<HTMLHeadingElement>(null);
  const cart = useCart();
  const cartFull = !canAddAnother(cart, maxItems);

  const steps = useMemo(() => buildSteps(questionnaire), [questionnaire]);
  const reachable = furthestStep(steps, draft, questionnaire, circuits);
  const index = Math.min(requested, reachable);
  const step = steps[index] as Step;
  const price = livePrice(draft, questionnaire, circuits);
  const isLast = step.kind === 'review';

  const setDraft = (next: Draft) => {
    setDraftState(next);
    saveDraft(next);
  };

  useEffect(() => {
    if (requested !== index) goTo(index, true);
  }, [requested, index, goTo]);

  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    setAttempted(false);
    if (first.current) first.current = false;
    else heading.current?.focus();
  }, [index]);

  const addToCartNow = async () => {
    const circuit = selectedCircuit(draft, circuits);
    const payment = selectedPayment(draft, circuits);
    if (!circuit || !payment || cartFull) return;
    const imei = product.isCollectingIMEI ? normaliseImei(draft.imei) : null;
    setPending(true);
    setFailure(null);
    try {
      const answers = answersInput(draft, questionnaire);
      const estimate = await postJson<EstimateResponse>('/api/estimates', {
        productId: product.id,
        channel: 'web',
        answers,
        shippingMethodId: circuit.id,
        paymentModeId: payment.id,
        imei,
      });
      const added = addToCart(
        {
          inCartId: newId(),
          productId: product.id,
          product: {
            id: product.id,
            name: estimate.product.name,
            brand: estimate.product.brand,
            imageUrl: estimate.product.imageUrl,
          },
          answers,
          answerSummary: answerSummary(draft, questionnaire),
          imei,
          shippingMethod: {
            id: circuit.id,
            name: circuit.name,
            type: circuit.type,
            depositType: circuit.depositType,
          },
          paymentMethod: { id: payment.id, type: payment.type, label: payment.label, iban: payment.iban },
          price: {
            declaredState: estimate.declaredState,
            basePriceCents: estimate.basePriceCents,
            impactPriceEntries: estimate.impactPriceEntries,
            estimatedPriceCents: estimate.estimatedPriceCents,
            paymentModifierCents: estimate.paymentModifierCents,
            shippingModifierCents: estimate.shippingModifierCents,
            bonusCents: estimate.bonusCents,
            totalCents: estimate.totalCents,
          },
          addedAt: Date.now(),
        },
        maxItems,
      );
      clearDraft(product.id);
      navigate('/cart', { state: { added } });
    } catch (error) {
      setPending(false);
      if (recoverFromLostSession(error)) return;
      if (error instanceof ApiError && isEstimateErrorCode(error.code))
        navigate(estimateErrorPath(estimateErrorOf(error)));
      else setFailure(t('review.failed'));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isLast) {
      void addToCartNow();
      return;
    }
    if (!isStepComplete(step, draft, questionnaire, circuits)) {
      setAttempted(true);
      return;
    }
    goTo(index + 1);
  };

  return (
    <div className="journey">
      <form className="journey-form" noValidate onSubmit={submit}>
        <div className="step-count">
          <p className="muted">{t('journey.progress', { number: index + 1, count: steps.length })}</p>
          {/* small screens: the price stays in sight (the full card, announced, is after the form) */}
          <p className="mini-price" aria-hidden="true">
            {money(price.totalCents)}
          </p>
        </div>
        <progress
          className="progress"
          max={steps.length}
          value={index + 1}
          aria-label={t('journey.progress', { number: index + 1, count: steps.length })}
        />
        <h2 ref={heading} tabIndex={-1} className="step-title">
          {stepTitle(step, t)}
        </h2>
        {step.kind === 'imei' && (
          <ImeiStep draft={draft} tacCodes={product.tacCodes} attempted={attempted} onChange={setDraft} />
        )}
        {step.kind === 'question' && (
          <QuestionStep
            key={step.question.id}
            question={step.question}
            selected={draft.answers[step.question.id] ?? []}
            onChange={(ids) => setDraft(chooseAnswers(draft, step.question.id, ids))}
            error={attempted ? t('errors.answer_required') : null}
          />
        )}
        {step.kind === 'delivery' && (
          <DeliveryStep circuits={circuits} draft={draft} onChange={setDraft} attempted={attempted} />
        )}
        {step.kind === 'review' && (
          <ReviewStep
            steps={steps}
            draft={draft}
            questionnaire={questionnaire}
            circuits={circuits}
            onEdit={(i) => goTo(i)}
          />
        )}
        {isLast && cartFull && (
          <div className="notice notice-warning" role="status">
            <p>{maxItems > 1 ? t('review.cartFull', { count: maxItems }) : t('review.cartSingle')}</p>
            <p>
              <Link to="/cart">{t('review.seeCart')}</Link>
            </p>
          </div>
        )}
        {isLast && price.zeroRefused && (
          <p className="notice notice-warning" role="status">
            {t('review.zeroRefused')}
          </p>
        )}
        {/* the retailer's own word on a product worth nothing (general settings) */}
        {isLast && price.totalCents === 0 && buybackZeroDescription && (
          <p className="notice" data-testid="zero-description" style={{ whiteSpace: 'pre-line' }}>
            {buybackZeroDescription}
          </p>
        )}
        {failure && (
          <p className="notice notice-error" role="alert">
            {failure}
          </p>
        )}
        <div className="actions">
          {index > 0 ? (
            <button type="button" className="button button-secondary" onClick={() => goTo(index - 1)}>
              {t('journey.back')}
            </button>
          ) : (
            <Link className="button button-secondary" to="/search">
              {t('journey.backToSearch')}
            </Link>
          )}
          <button
            type="submit"
            className="button"
            disabled={isLast && (pending || cartFull || price.zeroRefused)}
            aria-busy={pending || undefined}
          >
            {isLast ? (pending ? t('review.adding') : t('review.addToCart')) : t('journey.next')}
          </button>
        </div>
      </form>
      <aside className="price-card" aria-labelledby="live-price-title">
        <h2 id="live-price-title">{t('price.live')}</h2>
        <p className="price-big" aria-live="polite" data-testid="live-price">
          {money(price.totalCents)}
        </p>
        <PriceLines price={price} />
        <p className="muted small">{t('price.liveHelp')}</p>
      </aside>
    </div>
  );
}

/**
 * `/product/:id/:slug`: a product to sell, one question per step with its how-to-test help and
 * the live price, transport and payment, then the server's estimate into the cart. A product or
 * configuration that cannot give an estimate leads to `/estimate-error`.
 */
export function ProductPage() {
  const { id = '' } = useParams();
  const visitor = useVisitor();
  if (visitor.status === 'starting') return <Loading />;
  if (visitor.status === 'failed') return <LoadError />;
  return <ProductLoader key={id} productId={id} maxItems={visitor.maxItems} />;
}

function ProductLoader({ productId, maxItems }: { productId: string; maxItems: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const questionnaire = useResource<BuybackQuestionnaireResponse>(
    `/api/products/${encodeURIComponent(productId)}/buyback-questionnaire`,
  );
  const offered = useResource<{ member: ShippingMethod[] }>(
    `/api/products/${encodeURIComponent(productId)}/shipping-methods?channel=web`,
  );
  const circuits = offered.status === 'ready' ? webCircuits(offered.data.member) : null;
  const data = questionnaire.status === 'ready' ? questionnaire.data : null;
  usePageTitle(data ? t('product.sell', { name: data.product.name }) : t('loading'));

  const error =
    questionnaire.status === 'error'
      ? questionnaire.error
      : offered.status === 'error'
        ? offered.error
        : null;
  const noQuestions = data?.questions.length === 0;
  const noTransport = circuits?.length === 0;
  useEffect(() => {
    if (error) {
      if (!recoverFromLostSession(error))
        navigate(estimateErrorPath(estimateErrorOf(error)), { replace: true });
    } else if (noQuestions) navigate(estimateErrorPath('no_questions'), { replace: true });
    else if (noTransport) navigate(estimateErrorPath('no_transport_mode'), { replace: true });
  }, [error, noQuestions, noTransport, navigate]);

  if (!data || !circuits || noQuestions || noTransport) return <Loading />;
  return (
    <div className="container page">
      <h1>{t('product.sell', { name: data.product.name })}</h1>
      {data.product.brand && <p className="muted">{data.product.brand}</p>}
      <Journey questionnaire={data} circuits={circuits} maxItems={maxItems} />
    </div>
  );
}
