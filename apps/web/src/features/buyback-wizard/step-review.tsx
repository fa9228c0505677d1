import { Alert, Anchor, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { PaymentMethod, PriceBreakdown, ShippingMethod } from '@reprise/shared';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PriceBreakdownList } from '../buybacks/price-breakdown';
import { normaliseImei } from './imei';
import type { WizardDraft, WizardStep } from './wizard-model';

interface StepReviewProps {
  steps: WizardStep[];
  draft: WizardDraft;
  shipping: ShippingMethod;
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
  shipping,
  payment,
  price,
  cartFull,
  maxItems,
  onEdit,
}: StepReviewProps) {
  const { t } = useTranslation('buybackWizard');
  const edit = (index: number, what: string) => (
    <Anchor component="button" type="button" size="sm" onClick={() => onEdit(index)}>
      {t('review.edit')}
      <VisuallyHidden> {what}</VisuallyHidden>
    </Anchor>
  );
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing="xs" variant="vertical" layout="fixed">
          <Table.Tbody>
            {steps.map((step, index) => {
              if (step.kind === 'imei')
                return (
                  <Table.Tr key="imei">
                    <Table.Th w="45%">{t('imei.label')}</Table.Th>
                    <Table.Td>
                      <Group justify="space-between" gap="xs">
                        <Text size="sm" ff="monospace">
                          {normaliseImei(draft.imei)}
                        </Text>
                        {edit(index, t('imei.label'))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              if (step.kind === 'question') {
                const titles = step.question.answers
                  .filter((a) => draft.answers[step.question.id]?.includes(a.id))
                  .map((a) => a.title);
                return (
                  <Table.Tr key={step.question.id}>
                    <Table.Th w="45%" style={{ overflowWrap: 'anywhere' }}>
                      {step.question.title}
                    </Table.Th>
                    <Table.Td>
                      <Group justify="space-between" gap="xs" wrap="nowrap">
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {titles.join(', ')}
                        </Text>
                        {edit(index, step.question.title)}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              }
              if (step.kind === 'delivery')
                return (
                  <Table.Tr key="delivery">
                    <Table.Th w="45%">{t('review.delivery')}</Table.Th>
                    <Table.Td>
                      <Group justify="space-between" gap="xs" wrap="nowrap">
                        <Text size="sm">
                          {shipping.name}
                          <br />
                          {payment.label}
                        </Text>
                        {edit(index, t('review.delivery'))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              return null;
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
      {cartFull && (
        <Alert color="yellow" icon={<IconInfoCircle aria-hidden />} role="status" data-testid="cart-full">
          {t('finder.cartFull', { count: maxItems })}
        </Alert>
      )}
    </Stack>
  );
}
