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

function CircuitDetails({ circuit }: { circuit: ShippingMethod }) {
  const { t } = useTranslation('buybackWizard');
  const instructions = [...circuit.instructions].sort((a, b) => a.sequence - b.sequence);
  return (
    <Stack gap="xs">
      {circuit.highlightedInstruction && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} p="xs">
          <Text size="sm">{circuit.highlightedInstruction}</Text>
        </Alert>
      )}
      {instructions.length > 0 && (
        <div>
          <Text size="sm" fw={600} id={`instructions-${circuit.id}`}>
            {t('delivery.instructions')}
          </Text>
          <List type="ordered" size="sm" aria-labelledby={`instructions-${circuit.id}`}>
            {instructions.map((instruction) => (
              <List.Item key={instruction.sequence}>{instruction.label}</List.Item>
            ))}
          </List>
        </div>
      )}
      {circuit.terms && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
          {circuit.terms}
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
  circuits: ShippingMethod[];
  circuitId: string | null;
  paymentModeId: string | null;
  onCircuit: (id: string) => void;
  onPayment: (id: string) => void;
  error: string | null;
}

/**
 * Transport then payment: the store circuits the product's category allows, each with its
 * bonus/malus and instructions, then the payment modes of the circuit chosen with theirs.
 */
export function StepDelivery({
  circuits,
  circuitId,
  paymentModeId,
  onCircuit,
  onPayment,
  error,
}: StepDeliveryProps) {
  const { t } = useTranslation('buybackWizard');
  const chosen = circuits.find((c) => c.id === circuitId) ?? null;
  return (
    <Stack gap="lg">
      <Radio.Group
        value={circuitId}
        onChange={onCircuit}
        label={t('delivery.transport')}
        labelProps={{ fz: 'md', fw: 700, mb: 4 }}
        required
        error={!chosen ? error : null}
      >
        <Stack gap="xs" mt="xs">
          {circuits.map((circuit) => (
            <Radio
              key={circuit.id}
              value={circuit.id}
              classNames={{ root: classes.option }}
              label={
                <Group gap="xs" component="span">
                  <span>{circuit.name}</span>
                  <ModifierBadge modifier={circuit.modifier} />
                </Group>
              }
              description={circuit.description}
              data-testid="circuit"
            />
          ))}
        </Stack>
      </Radio.Group>
      {chosen && <CircuitDetails circuit={chosen} />}
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
                data-testid="payment-mode"
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}
