import { Alert, Badge, Group, List, Radio, Stack, Text } from '@mantine/core';
import type { PaymentMethod, ShippingMethod } from '@reprise/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../app/use-formatters';
import { modifierText } from './modifier-text';
import classes from './wizard.module.css';

function ModifierBadge({ modifier }: { modifier: ShippingMethod['modifier'] }) {
  const { t } = useTranslation('buybackWizard');
  const { money } = useFormatters();
  const text = modifierText(modifier, t, money);
  if (!text) return null;
  return (
    <Badge
      variant="light"
      color={modifier && modifier.value > 0 ? 'green' : 'orange'}
      tt="none"
      radius="sm"
      styles={{
        root: { height: 'auto', paddingBlock: 2 },
        label: { whiteSpace: 'normal', overflow: 'visible' },
      }}
    >
      {t(modifier && modifier.value > 0 ? 'delivery.bonus' : 'delivery.malus', { value: text })}
    </Badge>
  );
}

function ShippingDetails({ method }: { method: ShippingMethod }) {
  const { t } = useTranslation('buybackWizard');
  const instructions = [...method.instructions].sort((a, b) => a.sequence - b.sequence);
  return (
    <Stack gap="xs">
      {method.highlightedInstruction && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} p="xs">
          <Text size="sm">{method.highlightedInstruction}</Text>
        </Alert>
      )}
      {instructions.length > 0 && (
        <div>
          <Text size="sm" fw={600} id={`instructions-${method.id}`}>
            {t('delivery.instructions')}
          </Text>
          <List type="ordered" size="sm" aria-labelledby={`instructions-${method.id}`}>
            {instructions.map((instruction) => (
              <List.Item key={instruction.sequence}>{instruction.label}</List.Item>
            ))}
          </List>
        </div>
      )}
      {method.terms && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
          {method.terms}
        </Text>
      )}
    </Stack>
  );
}

function PaymentLabel({ payment }: { payment: PaymentMethod }) {
  return (
    <Group gap="xs" component="span">
      <span>{payment.label}</span>
      <ModifierBadge modifier={payment.modifier} />
    </Group>
  );
}

interface StepDeliveryProps {
  methods: ShippingMethod[];
  shippingMethodId: string | null;
  paymentModeId: string | null;
  onShipping: (id: string) => void;
  onPayment: (id: string) => void;
  error: string | null;
}

/**
 * Transport then payment: the store circuits the product's category allows, each with its
 * bonus/malus and instructions, then the payment modes of the circuit chosen with theirs.
 */
export function StepDelivery({
  methods,
  shippingMethodId,
  paymentModeId,
  onShipping,
  onPayment,
  error,
}: StepDeliveryProps) {
  const { t } = useTranslation('buybackWizard');
  const chosen = methods.find((m) => m.id === shippingMethodId) ?? null;
  return (
    <Stack gap="lg">
      <Radio.Group
        value={shippingMethodId}
        onChange={onShipping}
        label={t('delivery.transport')}
        labelProps={{ fz: 'md', fw: 700, mb: 4 }}
        required
        error={!chosen ? error : null}
      >
        <Stack gap="xs" mt="xs">
          {methods.map((method) => (
            <Radio
              key={method.id}
              value={method.id}
              classNames={{ root: classes.option }}
              label={
                <Group gap="xs" component="span">
                  <span>{method.name}</span>
                  <ModifierBadge modifier={method.modifier} />
                </Group>
              }
              description={method.description}
              data-testid="shipping-method"
            />
          ))}
        </Stack>
      </Radio.Group>
      {chosen && <ShippingDetails method={chosen} />}
      {chosen && (
        <Radio.Group
          value={paymentModeId}
          onChange={onPayment}
          label={t('delivery.payment')}
          labelProps={{ fz: 'md', fw: 700, mb: 4 }}
          required
          error={error}
        >
          <Stack gap="xs" mt="xs">
            {chosen.paymentMethods.map((payment) => (
              <Radio
                key={payment.id}
                value={payment.id}
                classNames={{ root: classes.option }}
                label={<PaymentLabel payment={payment} />}
                description={
                  <>
                    {payment.description}
                    {payment.longDescription && (
                      <Text
                        component="span"
                        display="block"
                        size="xs"
                        mt={4}
                        style={{ whiteSpace: 'pre-line' }}
                      >
                        {payment.longDescription}
                      </Text>
                    )}
                  </>
                }
                data-testid="payment-method"
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}
