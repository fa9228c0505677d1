import { Alert, Anchor, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { PaymentMethod, PriceBreakdown, ShippingMethod } from '@reprise/shared';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/session';
import { normaliseImei } from '../../lib/imei';
import { PriceBreakdownList } from '../buybacks';
import { useRootDetail } from '../settings';
import type { WizardDraft, WizardStep } from './wizard-model';

interface StepReviewProps {
  steps: WizardStep[];
  draft: WizardDraft;
  circuit: ShippingMethod;
  payment: PaymentMethod;
  price: PriceBreakdown;
  cartFull: boolean;
  maxItems: number;
  onEdit: (stepIndex: number) => void;
}

/** What will go into the cart: the answers (each with a link back to its step), transport, payment, price. */
export function StepReview({
  steps,
  draft,
  circuit,
  payment,
  price,
  cartFull,
  maxItems,
  onEdit,
}: StepReviewProps) {
  const { t } = useTranslation('buybackWizard');
  const zeroDescription = useRootDetail(useCurrentUser().currentOrganization.account.id).data
    ?.buybackZeroDescription;
  const edit = (index: number, what: string) => (
    <Anchor component="button" type="button" size="sm" onClick={() => onEdit(index)}>
      {t('review.edit')}
      <VisuallyHidden> {what}</VisuallyHidden>
    </Anchor>
  );
  const rows = steps.flatMap((step, index) => {
    if (step.kind === 'imei')
      return [
        { key: 'imei', step: index, label: t('imei.label'), value: normaliseImei(draft.imei), mono: true },
      ];
    if (step.kind === 'question') {
      const titles = step.question.answers
        .filter((a) => draft.answers[step.question.id]?.includes(a.id))
        .map((a) => a.title);
      return [
        {
          key: step.question.id,
          step: index,
          label: step.question.title,
          value: titles.join(', '),
          mono: false,
        },
      ];
    }
    if (step.kind === 'delivery')
      return [
        {
          key: 'delivery',
          step: index,
          label: t('review.delivery'),
          value: `${circuit.name} · ${payment.label}`,
          mono: false,
        },
      ];
    return [];
  });
  return (
    <Stack gap="md">
      <Stack component="dl" gap={0} m={0}>
        {rows.map((row) => (
          <div
            key={row.key}
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)', padding: '8px 0' }}
          >
            <Text component="dt" size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {row.label}
            </Text>
            <Group component="dd" m={0} justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Text
                size="sm"
                fw={600}
                ff={row.mono ? 'monospace' : undefined}
                style={{ overflowWrap: 'anywhere' }}
              >
                {row.value}
              </Text>
              {edit(row.step, row.label)}
            </Group>
          </div>
        ))}
      </Stack>
      <Card withBorder padding="sm" radius="md">
        <Text fw={700} mb="xs">
          {t('review.price')}
        </Text>
        <PriceBreakdownList price={price} testId="review-price" />
        <Text size="xs" c="dimmed" mt="xs">
          {t('review.priceNote')}
        </Text>
      </Card>
      {price.zeroRefused && (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {t('error.no_buyback_price.message')}
        </Alert>
      )}
      {/* the retailer's own word on a product worth nothing (general settings) */}
      {price.totalCents === 0 && zeroDescription && (
        <Alert color="gray" icon={<IconInfoCircle aria-hidden />} data-testid="zero-description">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {zeroDescription}
          </Text>
        </Alert>
      )}
      {cartFull && (
        <Alert color="yellow" icon={<IconInfoCircle aria-hidden />} role="status" data-testid="cart-full">
          {t('finder.cartFull', { count: maxItems })}
        </Alert>
      )}
    </Stack>
  );
}
