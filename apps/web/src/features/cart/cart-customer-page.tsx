import { Alert, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Collection, customerSchemaFor, type OrganizationResponse } from '@reprise/shared';
import { IconArrowRight, IconInfoCircle, IconPlus, IconShoppingCart } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { api } from '../../lib/api';
import { EmptyState } from '../../ui/empty-state';
import { FormErrorSummary } from '../../ui/form-error-summary';
import { focusFirstError } from '../../ui/form-feedback';
import { translateViolation, zodValidator } from '../../ui/forms';
import { PageLoader } from '../../ui/page-loader';
import { cartKeys, useBuybackSettings } from './cart.queries';
import { cartLimitsOf } from './cart-limits';
import { CartLines } from './cart-lines';
import { type AddResult, type Cart, cartTotalCents, missingToMinimumCents, saveCustomer } from './cart-store';
import {
  CustomerFields,
  type CustomerFormValues,
  cartCustomerOf,
  customerFormValues,
  useCustomerFieldLabels,
} from './customer-form';
import { readIban, saveIban } from './iban-store';
import { useCart } from './use-cart';
import { useOwnStoreId } from './use-own-store';
import { WizardFrame } from './wizard-frame';

function useStores(enabled: boolean) {
  return useQuery({
    queryKey: cartKeys.stores(),
    enabled,
    queryFn: ({ signal }) =>
      api.get<Collection<OrganizationResponse>>('/organizations', {
        query: { type: ['store'], status: 'active', itemsPerPage: 100, 'order[commonName]': 'asc' },
        signal,
      }),
    select: (data) => data.member.map((store) => ({ value: store.id, label: store.commonName })),
  });
}

/** The cart's buybacks, its total against the minimum, and the way to add another product. */
export function CartOverview({
  cart,
  maxItems,
  minimumCents,
}: {
  cart: Cart;
  maxItems: number;
  minimumCents: number;
}) {
  const { t } = useTranslation('cart');
  const { money } = useFormatters();
  const missing = missingToMinimumCents(cart, minimumCents);
  const full = cart.buybacks.length >= maxItems;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="cart-lines-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="cart-lines-title">
            {t('lines.title', { count: cart.buybacks.length })}
          </Title>
          {!full && (
            <Button
              component={Link}
              to="/buyback/create"
              variant="light"
              size="xs"
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t('lines.add')}
            </Button>
          )}
        </Group>
        <CartLines buybacks={cart.buybacks} />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {maxItems > 1 ? t('lines.limit', { count: maxItems }) : t('lines.single')}
          </Text>
          <Text fw={700} data-testid="cart-total">
            {t('total', { total: money(cartTotalCents(cart)) })}
          </Text>
        </Group>
        {missing > 0 && (
          <Alert
            color="yellow"
            icon={<IconInfoCircle aria-hidden />}
            role="status"
            data-testid="cart-minimum"
          >
            {t('minimum.missing', { minimum: money(minimumCents), missing: money(missing) })}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function CustomerStep({ cart }: { cart: Cart }) {
  const { t } = useTranslation('cart');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const settings = useBuybackSettings();
  const ownStoreId = useOwnStoreId();
  const stores = useStores(ownStoreId === null);
  const labels = useCustomerFieldLabels();
  const [attempted, setAttempted] = useState(false);
  const { maxItems, minimumCents } = cartLimitsOf(settings.data);
  const identityDocumentRequired = settings.data?.customer_identity_document_required ?? false;
  const ibanRequired = cart.buybacks.some((b) => b.paymentMethod.iban);
  const schema = useMemo(
    () => customerSchemaFor({ identityDocumentRequired, ibanRequired }),
    [identityDocumentRequired, ibanRequired],
  );

  const form = useForm<CustomerFormValues>({
    mode: 'controlled',
    initialValues: customerFormValues(
      cart.customer,
      readIban(cart.id),
      cart.storeId ?? ownStoreId ?? '',
      user.currentOrganization.account.companyCountry || 'FR',
    ),
    validate: (values) => {
      const errors = zodValidator<CustomerFormValues>(schema)(values);
      if (!values.storeId) errors.storeId = translateViolation('required');
      return errors;
    },
    validateInputOnBlur: true,
  });

  if (!settings.data) return <PageLoader />;
  const belowMinimum = missingToMinimumCents(cart, minimumCents) > 0;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) => {
          saveCustomer(cartCustomerOf(values), values.storeId);
          saveIban(cart.id, ibanRequired ? values.iban : '');
          navigate('/cart/summary');
        },
        (errors) => {
          setAttempted(true);
          focusFirstError(form, errors);
        },
      )}
    >
      <Stack gap="md">
        <CartOverview cart={cart} maxItems={maxItems} minimumCents={minimumCents} />
        <Card withBorder padding="md" radius="md" component="section" aria-labelledby="customer-title">
          <Stack gap="md">
            <Title order={2} size="h4" id="customer-title">
              {t('customer.title')}
            </Title>
            {attempted && (
              <FormErrorSummary
                errors={form.errors}
                labels={labels}
                onSelect={(path) => form.getInputNode(path)?.focus()}
              />
            )}
            {ownStoreId === null && (
              <Select
                label={labels.storeId}
                required
                searchable
                data={stores.data ?? []}
                {...form.getInputProps('storeId')}
              />
            )}
            <CustomerFields
              form={form}
              identityDocumentRequired={identityDocumentRequired}
              ibanRequired={ibanRequired}
            />
          </Stack>
        </Card>
        <Group justify="flex-end">
          <Button
            type="submit"
            size="md"
            rightSection={<IconArrowRight size={18} aria-hidden />}
            disabled={belowMinimum}
          >
            {t('continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * `/cart/customer-infos`: the cart (remove with confirmation, add another product while not full,
 * the minimum cart value) and the customer's information; continuing needs the minimum reached.
 */
export function CartCustomerPage() {
  const { t } = useTranslation('cart');
  const cart = useCart();
  const { state } = useLocation() as { state: { added?: AddResult } | null };
  return (
    <WizardFrame title={t('title')} hideCart>
      {state?.added === 'full' && (
        <Alert color="yellow" icon={<IconInfoCircle aria-hidden />} role="status">
          {t('notAdded')}
        </Alert>
      )}
      {cart && cart.buybacks.length > 0 ? (
        <CustomerStep cart={cart} />
      ) : (
        <Card withBorder radius="md">
          <EmptyState
            icon={IconShoppingCart}
            title={t('empty')}
            description={t('emptyHelp')}
            action={
              <Button component={Link} to="/buyback/create">
                {t('panel.newBuyback')}
              </Button>
            }
          />
        </Card>
      )}
    </WizardFrame>
  );
}
