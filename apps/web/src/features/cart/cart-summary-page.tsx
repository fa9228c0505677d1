import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { useFormatters } from '../../app/use-formatters';
import { countryOptions } from '../../lib/countries';
import { PageLoader } from '../../ui/page-loader';
import { PriceBreakdownList } from '../buybacks';
import { PickupSlotSelect } from '../transport';
import { useBuybackSettings } from './cart.queries';
import { cartLimitsOf } from './cart-limits';
import {
  type CartBuyback,
  type CartCustomer,
  cartTotalCents,
  checkoutKeyOf,
  missingToMinimumCents,
  savePickupSlot,
} from './cart-store';
import { collected } from './checkout-body';
import { readIban } from './iban-store';
import { useCart } from './use-cart';
import { WizardFrame } from './wizard-frame';

function BuybackSummary({ buyback, index }: { buyback: CartBuyback; index: number }) {
  const { t } = useTranslation('cart');
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="section"
      aria-labelledby={`summary-${buyback.inCartId}`}
      data-testid="summary-buyback"
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id={`summary-${buyback.inCartId}`} style={{ overflowWrap: 'anywhere' }}>
          {t('summary.buyback', { number: index + 1, name: buyback.product.name })}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap={4}>
            {buyback.imei && (
              <Text size="sm">
                {t('summary.imei')}{' '}
                <Text span ff="monospace" inherit>
                  {buyback.imei}
                </Text>
              </Text>
            )}
            {buyback.answerSummary.map((answer) => (
              <Text size="sm" key={answer.questionTitle}>
                <Text span c="dimmed" inherit>
                  {answer.questionTitle}
                </Text>{' '}
                {answer.answerTitles.join(', ')}
              </Text>
            ))}
            <Text size="sm">
              <Text span c="dimmed" inherit>
                {t('summary.transport')}
              </Text>{' '}
              {buyback.shippingMethod.name}
            </Text>
            <Text size="sm">
              <Text span c="dimmed" inherit>
                {t('summary.payment')}
              </Text>{' '}
              {buyback.paymentMethod.label}
            </Text>
          </Stack>
          <PriceBreakdownList price={buyback.price} testId="summary-price" />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function CustomerSummary({ customer, iban }: { customer: CartCustomer; iban: string }) {
  const { t } = useTranslation('cart');
  const { locale } = useFormatters();
  const country = useMemo(
    () => countryOptions(locale).find((c) => c.value === customer.country)?.label ?? customer.country,
    [locale, customer.country],
  );
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="summary-customer">
      <Stack gap={4}>
        <Group justify="space-between">
          <Title order={2} size="h4" id="summary-customer">
            {t('customer.title')}
          </Title>
          <Anchor component={Link} to="/cart/customer-infos" size="sm">
            {t('summary.editCustomer')}
          </Anchor>
        </Group>
        <Text size="sm" fw={600}>
          {customer.firstName} {customer.lastName}
        </Text>
        <Text size="sm">
          {customer.email} · {customer.phone}
        </Text>
        <Text size="sm">
          {[customer.street, customer.streetMore].filter(Boolean).join(', ')}, {customer.zip} {customer.city},{' '}
          {country}
        </Text>
        {customer.identification && (
          <Text size="sm">
            {t(`customer.identification.types.${customer.identification.type}`)}{' '}
            {customer.identification.number}
          </Text>
        )}
        {iban && (
          <Text size="sm">
            {t('customer.iban')}{' '}
            <Text span ff="monospace" inherit>
              {iban}
            </Text>
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * `/cart/summary`: every buyback with its price breakdown, the customer, the total; confirming
 * opens a checkout attempt (its idempotency key) and goes to `/cart/{id}/checkout`.
 */
export function CartSummaryPage() {
  const { t } = useTranslation('cart');
  const navigate = useNavigate();
  const cart = useCart();
  const settings = useBuybackSettings();
  const { money } = useFormatters();

  if (!cart?.customer) return <Navigate to="/cart/customer-infos" replace />;
  if (!settings.data)
    return (
      <WizardFrame title={t('summary.title')} hideCart>
        <PageLoader />
      </WizardFrame>
    );
  const { minimumCents } = cartLimitsOf(settings.data);
  const belowMinimum = missingToMinimumCents(cart, minimumCents) > 0;

  return (
    <WizardFrame title={t('summary.title')} hideCart>
      <Stack gap="md">
        {cart.buybacks.map((buyback, index) => (
          <BuybackSummary key={buyback.inCartId} buyback={buyback} index={index} />
        ))}
        <CustomerSummary customer={cart.customer} iban={readIban(cart.id)} />
        {cart.buybacks.some(collected) && (
          <Card withBorder padding="md" radius="md">
            <PickupSlotSelect
              country={cart.customer.country}
              zip={cart.customer.zip}
              value={cart.pickupSlot?.start ?? null}
              onChange={savePickupSlot}
            />
          </Card>
        )}
        <Card withBorder padding="md" radius="md">
          <Group justify="space-between">
            <Text fw={700}>{t('summary.total')}</Text>
            <Text fw={800} size="xl" data-testid="summary-total">
              {money(cartTotalCents(cart))}
            </Text>
          </Group>
        </Card>
        <Group justify="space-between">
          <Button
            component={Link}
            to="/cart/customer-infos"
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            {t('back')}
          </Button>
          <Button
            size="md"
            leftSection={<IconCheck size={18} aria-hidden />}
            disabled={belowMinimum}
            onClick={() => {
              checkoutKeyOf();
              navigate(`/cart/${cart.id}/checkout`);
            }}
          >
            {t('summary.confirm', { count: cart.buybacks.length })}
          </Button>
        </Group>
      </Stack>
    </WizardFrame>
  );
}
