import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  List,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { BuybackResponse } from '@reprise/shared';
import { IconAlertCircle, IconCircleCheck, IconHome, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { translateErrorCode } from '../../app/errors';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { ApiError, api } from '../../lib/api';
import { isWizardErrorCode } from '../../lib/wizard-errors';
import { EmptyState } from '../../ui/empty-state';
import { translateViolation } from '../../ui/forms';
import { buybacksKeys, DocumentButtons, useBuybackInstructions } from '../buybacks';
import { useCheckout } from './cart.queries';
import { type Cart, clearCart } from './cart-store';
import { checkoutBody } from './checkout-body';
import { useCustomerFieldLabels } from './customer-form';
import { clearIban, readIban } from './iban-store';
import { useCart } from './use-cart';
import { WizardFrame } from './wizard-frame';

const RESULT_PREFIX = 'reprise.checkout.';

/** The buybacks a checkout created, kept in the tab so that a reload shows the confirmation again. */
function readResult(cartId: string): string[] | null {
  try {
    const raw = sessionStorage.getItem(RESULT_PREFIX + cartId);
    return raw ? (JSON.parse(raw) as string[]) : null;
  } catch {
    return null;
  }
}

function saveResult(cartId: string, buybackIds: string[]): void {
  try {
    sessionStorage.setItem(RESULT_PREFIX + cartId, JSON.stringify(buybackIds));
  } catch {
    // the confirmation is shown now; a reload will not show it again
  }
}

function Instructions({ buybackId }: { buybackId: string }) {
  const { t } = useTranslation('cart');
  const instructions = useBuybackInstructions(buybackId);
  const data = instructions.data;
  if (!data || (data.instructions.length === 0 && !data.highlightedInstruction)) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('confirmation.instructions', { circuit: data.circuitName })}
      </Text>
      {data.highlightedInstruction && (
        <Text size="sm" fw={600} c="blue">
          {data.highlightedInstruction}
        </Text>
      )}
      <List type="ordered" size="sm">
        {[...data.instructions]
          .sort((a, b) => a.sequence - b.sequence)
          .map((instruction) => (
            <List.Item key={instruction.sequence}>{instruction.label}</List.Item>
          ))}
      </List>
    </Stack>
  );
}

function CreatedBuyback({ buyback }: { buyback: BuybackResponse }) {
  const { t } = useTranslation('cart');
  const { money } = useFormatters();
  const { can } = useSession();
  return (
    <Card withBorder padding="md" radius="md" component="li" data-testid="created-buyback">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {buyback.product.name}
            </Text>
            <Text size="sm">
              {t('confirmation.number')}{' '}
              <Text span ff="monospace" fw={700} inherit data-testid="identification-number">
                {buyback.identificationNumber}
              </Text>
            </Text>
            {buyback.voucherCode && (
              <Text size="sm">
                {t('confirmation.voucher')}{' '}
                <Text span ff="monospace" inherit>
                  {buyback.voucherCode}
                </Text>
              </Text>
            )}
          </div>
          <Text fw={800} size="lg">
            {money(buyback.totalCents)}
          </Text>
        </Group>
        <Instructions buybackId={buyback.id} />
        <Group justify="space-between" gap="xs">
          <DocumentButtons buyback={buyback} />
          {can('buyback.detail') && (
            <Anchor component={Link} to={`/buyback/${buyback.id}`} size="sm">
              {t('confirmation.open')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** The buybacks created: numbers, instructions, documents to hand over. */
function Confirmation({ buybackIds }: { buybackIds: string[] }) {
  const { t } = useTranslation('cart');
  const buybacks = useQueries({
    queries: buybackIds.map((id) => ({
      queryKey: buybacksKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<BuybackResponse>(`/buybacks/${id}`, { signal }),
    })),
  });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="md">
      <Card withBorder padding="lg" radius="md">
        <Group wrap="nowrap" gap="md">
          <ThemeIcon size={48} radius="xl" color="green" variant="light" aria-hidden>
            <IconCircleCheck size={30} />
          </ThemeIcon>
          <div>
            <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
              {t('confirmation.title', { count: buybackIds.length })}
            </Title>
            <Text size="sm" c="dimmed">
              {t('confirmation.help')}
            </Text>
          </div>
        </Group>
      </Card>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {buybacks.map((query, index) =>
          query.data ? (
            <CreatedBuyback key={query.data.id} buyback={query.data} />
          ) : (
            <Card key={buybackIds[index]} withBorder component="li">
              <Loader size="sm" />
            </Card>
          ),
        )}
      </Stack>
      <Group justify="center" gap="sm">
        <Button component={Link} to="/buyback/create" leftSection={<IconPlus size={18} aria-hidden />}>
          {t('confirmation.newBuyback')}
        </Button>
        <Button
          component={Link}
          to="/home"
          variant="default"
          leftSection={<IconHome size={18} aria-hidden />}
        >
          {t('confirmation.home')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Why the checkout failed, and what the seller can do: fix the customer, the cart, or retry. */
function CheckoutFailure({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation(['cart', 'buybackWizard']);
  const labels = useCustomerFieldLabels();
  const apiError = error instanceof ApiError ? error : null;
  const violations = apiError?.status === 422 ? (apiError.problem.violations ?? []) : [];
  const code = apiError?.code;
  const fixable = violations.length > 0 || code === 'cart_below_minimum' || code === 'cart_too_many_items';
  const message =
    violations.length > 0
      ? t('cart:checkout.invalid')
      : code && isWizardErrorCode(code)
        ? t(`buybackWizard:error.${code}.message`)
        : code === 'cart_below_minimum' || code === 'cart_too_many_items'
          ? translateErrorCode(code)
          : t('buybackWizard:error.buyback_creation_failed.message');
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('cart:checkout.failed')} role="alert">
      <Stack gap="sm">
        <Text size="sm" data-testid="checkout-error">
          {message}
        </Text>
        {violations.length > 0 && (
          <List size="sm">
            {violations.map((violation) => (
              <List.Item key={`${violation.propertyPath}-${violation.code}`}>
                {labels[violation.propertyPath.replace(/^customer\./, '')] ?? violation.propertyPath}:{' '}
                {translateViolation(violation.code)}
              </List.Item>
            ))}
          </List>
        )}
        <Group gap="xs">
          {fixable ? (
            <Button component={Link} to="/cart/customer-infos" variant="light" size="sm">
              {t('cart:checkout.fix')}
            </Button>
          ) : (
            <Button
              size="sm"
              variant="light"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={onRetry}
              loading={retrying}
            >
              {t('cart:checkout.retry')}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

/** Sends the cart once, with the attempt's key; a retry sends the same key (the server replays its answer). */
function RunCheckout({ cart, onDone }: { cart: Cart; onDone: (buybackIds: string[]) => void }) {
  const { t } = useTranslation('cart');
  const checkout = useCheckout();
  const started = useRef(false);
  const key = cart.checkoutKey;

  const send = () => {
    if (!key) return;
    checkout.mutate(
      { body: checkoutBody(cart, readIban(cart.id)), idempotencyKey: key },
      { onSuccess: (result) => onDone(result.buybacks.map((b) => b.id)) },
    );
  };

  useEffect(() => {
    // Once per attempt, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    send();
  });

  if (checkout.isError)
    return <CheckoutFailure error={checkout.error} onRetry={send} retrying={checkout.isPending} />;
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text>{t('checkout.sending', { count: cart.buybacks.length })}</Text>
      </Stack>
    </Card>
  );
}

/**
 * `/cart/:cartId/checkout`: creates the cart's buybacks (`POST /carts`, all or none, with the
 * attempt's Idempotency-Key), then the confirmation with the numbers and the documents.
 */
export function CartCheckoutPage() {
  const { t } = useTranslation('cart');
  const { cartId = '' } = useParams();
  const cart = useCart();
  const [created, setCreated] = useState<string[] | null>(() => readResult(cartId));

  const done = (buybackIds: string[]) => {
    saveResult(cartId, buybackIds);
    setCreated(buybackIds);
    clearCart();
    clearIban();
  };

  let content: ReactNode;
  if (created) content = <Confirmation buybackIds={created} />;
  else if (cart?.id === cartId && cart.checkoutKey && cart.customer && cart.storeId)
    content = <RunCheckout cart={cart} onDone={done} />;
  // The cart without a confirmed attempt: back to its summary.
  else if (cart?.id === cartId) content = <Navigate to="/cart/summary" replace />;
  else
    content = (
      <Card withBorder radius="md">
        <EmptyState
          title={t('checkout.noCart')}
          description={t('checkout.noCartHelp')}
          action={
            <Button component={Link} to="/home">
              {t('confirmation.home')}
            </Button>
          }
        />
      </Card>
    );

  return (
    <WizardFrame title={created ? t('confirmation.pageTitle') : t('checkout.title')} hideCart>
      {content}
    </WizardFrame>
  );
}
