import { Button, Card, Grid, Group, Progress, Stack, Title } from '@mantine/core';
import { type EstimateResponse, isValidImei, type ShippingMethod } from '@reprise/shared';
import { IconArrowLeft, IconArrowRight, IconShoppingCartPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { reportError } from '../../app/errors';
import { useCurrentUser } from '../../app/session';
import { ApiError } from '../../lib/api';
import { normaliseImei } from '../../lib/imei';
import { estimateErrorPath, isWizardErrorCode, wizardErrorOf } from '../../lib/wizard-errors';
import { translateViolation } from '../../ui/forms';
import { PageLoader } from '../../ui/page-loader';
import { addBuyback, cartLimitsOf, newId, useBuybackSettings, useCart, WizardFrame } from '../cart';
import { LivePriceCard } from './live-price-card';
import { PredeclaredFinalize } from './predeclared-finalize';
import { StepDelivery } from './step-delivery';
import { StepImei } from './step-imei';
import { StepQuestion } from './step-question';
import { StepReview } from './step-review';
import classes from './wizard.module.css';
import { useBuybackQuestionnaire, useDeviceCheck, useEstimate, useOfferedCircuits } from './wizard.queries';
import {
  answerSummary,
  answersInput,
  buildSteps,
  chooseAnswers,
  chooseCircuit,
  clearDraft,
  furthestReachableStep,
  imeiCheckOf,
  isStepComplete,
  livePrice,
  loadDraft,
  type Questionnaire,
  saveDraft,
  selectedCircuit,
  selectedPayment,
  type WizardDraft,
  type WizardStep,
} from './wizard-model';

/** The step in the address is 1-based (`?step=3`) so that the browser's back button walks the steps. */
function useStepParam(): [number, (index: number, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const step = Math.max(0, (Number.parseInt(params.get('step') ?? '1', 10) || 1) - 1);
  const go = useCallback(
    (index: number, options?: { replace?: boolean }) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set('step', String(index + 1));
          return next;
        },
        { replace: options?.replace },
      ),
    [setParams],
  );
  return [step, go];
}

function stepTitle(step: WizardStep, t: (key: string, options?: Record<string, unknown>) => string): string {
  switch (step.kind) {
    case 'imei':
      return t('imei.title');
    case 'question':
      return t('question.counter', { number: step.number, count: step.count });
    case 'delivery':
      return t('delivery.title');
    case 'review':
      return t('review.title');
  }
}

interface WizardStepsProps {
  questionnaire: Questionnaire;
  circuits: ShippingMethod[];
  country: string;
}

function WizardSteps({ questionnaire, circuits, country }: WizardStepsProps) {
  const { t } = useTranslation('buybackWizard');
  const navigate = useNavigate();
  const productId = questionnaire.product.id;
  const [draft, setDraftState] = useState<WizardDraft>(() => loadDraft(productId));
  const [attempted, setAttempted] = useState(false);
  const [requestedStep, goToStep] = useStepParam();
  const heading = useRef<HTMLHeadingElement>(null);
  const settings = useBuybackSettings();
  const { maxItems } = cartLimitsOf(settings.data);
  const cart = useCart();
  const estimate = useEstimate();

  const steps = useMemo(() => buildSteps(questionnaire), [questionnaire]);
  const reachable = furthestReachableStep(steps, draft, questionnaire, circuits);
  const index = Math.min(requestedStep, reachable);
  const step = steps[index] as WizardStep;
  const price = livePrice(draft, questionnaire, circuits);
  const cartFull = (cart?.buybacks.length ?? 0) >= maxItems;
  // the stolen-device check, asked as soon as the IMEI is complete and valid
  const typedImei = normaliseImei(draft.imei);
  const deviceCheck = useDeviceCheck(
    typedImei,
    questionnaire.product.isCollectingIMEI && isValidImei(typedImei),
  );
  const deviceBlocked = deviceCheck.data?.action === 'block';

  const setDraft = (next: WizardDraft) => {
    setDraftState(next);
    saveDraft(next);
  };

  // The address asked for a step not reachable yet: show the first incomplete one instead.
  useEffect(() => {
    if (requestedStep !== index) goToStep(index, { replace: true });
  }, [requestedStep, index, goToStep]);

  // Each step's heading takes the focus, so that keyboard and screen-reader users start at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    setAttempted(false);
    heading.current?.focus();
  }, [index]);

  const next = () => {
    if (!isStepComplete(step, draft, questionnaire, circuits) || (step.kind === 'imei' && deviceBlocked)) {
      setAttempted(true);
      return;
    }
    goToStep(index + 1);
  };

  const addToCart = () => {
    const circuit = selectedCircuit(draft, circuits);
    const payment = selectedPayment(draft, circuits);
    if (!circuit || !payment || cartFull) return;
    const imei = questionnaire.product.isCollectingIMEI ? normaliseImei(draft.imei) : null;
    estimate.mutate(
      {
        productId,
        channel: 'store',
        answers: answersInput(draft, questionnaire),
        shippingMethodId: circuit.id,
        paymentModeId: payment.id,
        imei,
        country,
      },
      {
        onSuccess: (result: EstimateResponse) => {
          const added = addBuyback(
            {
              inCartId: newId(),
              productId,
              product: result.product,
              categoryLabel: questionnaire.product.mainCategory.label,
              answers: answersInput(draft, questionnaire),
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
                declaredState: result.declaredState,
                basePriceCents: result.basePriceCents,
                impactPriceEntries: result.impactPriceEntries,
                estimatedPriceCents: result.estimatedPriceCents,
                paymentModifierCents: result.paymentModifierCents,
                shippingModifierCents: result.shippingModifierCents,
                bonusCents: result.bonusCents,
                totalCents: result.totalCents,
              },
              warehouseId: circuit.warehouseId,
              addedAt: Date.now(),
            },
            maxItems,
          );
          clearDraft(productId);
          navigate('/cart/customer-infos', { state: { added } });
        },
        onError: (error) => {
          if (error instanceof ApiError && isWizardErrorCode(error.code))
            navigate(estimateErrorPath(error.code));
          else reportError(error);
        },
      },
    );
  };

  const isLast = step.kind === 'review';
  const questionError = attempted ? translateViolation('answer_required') : null;

  return (
    <Grid gutter="md" align="flex-start">
      <Grid.Col span={{ base: 12, sm: 7, md: 8 }}>
        <Card withBorder padding="md" radius="md">
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (isLast) addToCart();
              else next();
            }}
          >
            <Stack gap="md">
              <Stack gap={6}>
                <Progress
                  value={((index + 1) / steps.length) * 100}
                  size="sm"
                  aria-label={t('progress', { number: index + 1, count: steps.length })}
                />
                <Title order={2} size="h4" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
                  {stepTitle(step, t)}
                </Title>
              </Stack>
              {step.kind === 'imei' && (
                <StepImei
                  draft={draft}
                  check={imeiCheckOf(draft, questionnaire)}
                  attempted={attempted}
                  onChange={setDraft}
                  onAcceptWarning={() => {
                    setDraft({ ...draft, imeiWarningAccepted: true });
                    if (!deviceBlocked) goToStep(index + 1);
                  }}
                  deviceCheck={deviceCheck.data}
                />
              )}
              {step.kind === 'question' && (
                <StepQuestion
                  key={step.question.id}
                  question={step.question}
                  selected={draft.answers[step.question.id] ?? []}
                  onChange={(answerIds) => setDraft(chooseAnswers(draft, step.question.id, answerIds))}
                  error={questionError}
                />
              )}
              {step.kind === 'delivery' && (
                <StepDelivery
                  circuits={circuits}
                  circuitId={draft.circuitId}
                  paymentModeId={draft.paymentModeId}
                  onCircuit={(id) => setDraft(chooseCircuit(draft, id, circuits))}
                  onPayment={(id) => setDraft({ ...draft, paymentModeId: id })}
                  error={attempted ? translateViolation('required') : null}
                />
              )}
              {step.kind === 'review' &&
                selectedCircuit(draft, circuits) &&
                selectedPayment(draft, circuits) && (
                  <StepReview
                    steps={steps}
                    draft={draft}
                    circuit={selectedCircuit(draft, circuits) as ShippingMethod}
                    payment={
                      selectedPayment(draft, circuits) as NonNullable<ReturnType<typeof selectedPayment>>
                    }
                    price={price}
                    cartFull={cartFull}
                    maxItems={maxItems}
                    onEdit={goToStep}
                  />
                )}
              <Group justify="space-between" gap="xs">
                <Button
                  variant="default"
                  leftSection={<IconArrowLeft size={16} aria-hidden />}
                  onClick={() => (index === 0 ? navigate('/buyback/create') : goToStep(index - 1))}
                >
                  {t('back')}
                </Button>
                {isLast ? (
                  <Button
                    type="submit"
                    leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
                    loading={estimate.isPending}
                    disabled={cartFull || price.zeroRefused}
                  >
                    {t('review.addToCart')}
                  </Button>
                ) : (
                  <Button type="submit" rightSection={<IconArrowRight size={16} aria-hidden />}>
                    {t('next')}
                  </Button>
                )}
              </Group>
            </Stack>
          </form>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5, md: 4 }} className={classes.aside}>
        <LivePriceCard product={questionnaire.product} price={price} />
      </Grid.Col>
    </Grid>
  );
}

/**
 * `/diag/:productId/:slug?/:itemId?/:predeclaredBuybackId?`: the store wizard for one product:
 * IMEI when collected, one question per step, transport and payment, review, then into the cart.
 * A product, questionnaire or circuit that cannot give an estimate leads to `/estimate-error`.
 * With a pre-declared buyback's id, the seller finalises that web buyback at the counter instead.
 */
export function DiagPage() {
  const { productId, predeclaredBuybackId } = useParams();
  if (predeclaredBuybackId)
    return <PredeclaredFinalize key={predeclaredBuybackId} buybackId={predeclaredBuybackId} />;
  if (!productId) return <Navigate to="/buyback/create" replace />;
  return <DiagProduct key={productId} productId={productId} />;
}

function DiagProduct({ productId }: { productId: string }) {
  const { t } = useTranslation('buybackWizard');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const country = user.currentOrganization.account.companyCountry || 'FR';
  const questionnaire = useBuybackQuestionnaire(productId);
  const circuits = useOfferedCircuits(productId, country);

  const failure = questionnaire.error ?? circuits.error;
  const noQuestions = questionnaire.data?.questions.length === 0;
  const noTransport = circuits.data?.length === 0;
  useEffect(() => {
    if (failure) {
      if (failure instanceof ApiError) navigate(estimateErrorPath(wizardErrorOf(failure)), { replace: true });
      else reportError(failure);
    } else if (noQuestions) navigate(estimateErrorPath('no_questions'), { replace: true });
    else if (noTransport) navigate(estimateErrorPath('no_transport_mode'), { replace: true });
  }, [failure, noQuestions, noTransport, navigate]);

  const title = questionnaire.data
    ? t('diag.title', { product: questionnaire.data.product.name })
    : t('diag.loading');
  return (
    <WizardFrame title={title}>
      {questionnaire.data && circuits.data && !noQuestions && !noTransport ? (
        <WizardSteps questionnaire={questionnaire.data} circuits={circuits.data} country={country} />
      ) : (
        <PageLoader />
      )}
    </WizardFrame>
  );
}
