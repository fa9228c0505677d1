import {
  Alert,
  Badge,
  Fieldset,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import {
  BONUS_MODES,
  CreatePaymentModeRequest,
  PAYMENT_DESCRIPTION_MAX,
  PAYMENT_LONG_DESCRIPTION_MAX,
  PAYMENT_LONG_DESCRIPTION_MAX_LINES,
  PAYMENT_MAIL_CONTENT_MAX,
  PAYMENT_MODE_TYPES,
  PAYMENT_PROVIDERS_BY_TYPE,
  type PaymentModeType,
} from '@reprise/shared';
import { IconCrown, IconInfoCircle } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../app/use-formatters';
import { FormShell, type FormViewProps } from '../../ui/form-shell';
import { zodValidator } from '../../ui/forms';
import { usePremiumFeature } from '../settings';
import { type PaymentModeFormValues, toPaymentModeRequest } from './payment-mode-form-values';

export type PaymentModeForm = UseFormReturnType<PaymentModeFormValues>;

export function usePaymentModeForm(initialValues: PaymentModeFormValues): PaymentModeForm {
  const validateRequest = zodValidator<unknown>(CreatePaymentModeRequest);
  return useForm<PaymentModeFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => validateRequest(toPaymentModeRequest(values)),
  });
}

interface PaymentModeFormViewProps extends FormViewProps<PaymentModeFormValues> {
  form: PaymentModeForm;
  editing: boolean;
}

const lineCount = (text: string) => (text === '' ? 0 : text.split(/\r\n|\r|\n/).length);

/** The payment mode form of the create and edit screens. */
export function PaymentModeFormView({ form, editing, ...view }: PaymentModeFormViewProps) {
  const { t } = useTranslation('paymentModes');
  const { currency } = useFormatters();
  const bonus = usePremiumFeature('payment_bonus');
  const bonusLabelId = useId();
  const values = form.values;
  const labels: Record<string, string> = {
    type: t('form.type'),
    label: t('form.label'),
    description: t('form.description'),
    longDescription: t('form.longDescription'),
    mailContent: t('form.mailContent'),
    provider: t('form.provider'),
    bonusMode: t('form.bonusMode'),
    bonusValue: t('form.bonusValue'),
    bonusCap: t('form.bonusCap'),
  };
  // without payment_bonus a bonus cannot be set, but one already set can be switched off
  const bonusLocked = bonus.loaded && !bonus.enabled;
  return (
    <FormShell
      form={form}
      labels={labels}
      ns="paymentModes"
      cancelTo="/payment-modes"
      maxWidth={900}
      {...view}
    >
      <Fieldset legend={t('form.general')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('form.type')}
            required
            allowDeselect={false}
            disabled={editing}
            data={PAYMENT_MODE_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
            {...form.getInputProps('type')}
            onChange={(value) => {
              const type = value as PaymentModeType;
              form.setFieldValue('type', type);
              if (!PAYMENT_PROVIDERS_BY_TYPE[type].includes(values.provider))
                form.setFieldValue('provider', 'none');
            }}
          />
          <Select
            label={t('form.provider')}
            required
            allowDeselect={false}
            data={PAYMENT_PROVIDERS_BY_TYPE[values.type].map((p) => ({
              value: p,
              label: t(`provider.${p}`),
            }))}
            {...form.getInputProps('provider')}
          />
          <TextInput label={t('form.label')} required {...form.getInputProps('label')} />
          <Switch
            label={t('form.active')}
            checked={values.status === 'active'}
            onChange={(event) =>
              form.setFieldValue('status', event.currentTarget.checked ? 'active' : 'inactive')
            }
            mt={{ sm: 28 }}
          />
        </SimpleGrid>
        {values.type === 'bank_transfer' && (
          <Alert mt="md" color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
            {t('form.ibanNeeded')}
          </Alert>
        )}
        <Textarea
          mt="md"
          label={t('form.description')}
          required
          description={t('form.count', { count: values.description.length, max: PAYMENT_DESCRIPTION_MAX })}
          autosize
          minRows={2}
          {...form.getInputProps('description')}
        />
        <Textarea
          mt="md"
          label={t('form.longDescription')}
          description={t('form.countLines', {
            count: values.longDescription.length,
            max: PAYMENT_LONG_DESCRIPTION_MAX,
            lines: lineCount(values.longDescription),
            maxLines: PAYMENT_LONG_DESCRIPTION_MAX_LINES,
          })}
          autosize
          minRows={3}
          maxRows={16}
          {...form.getInputProps('longDescription')}
        />
        <Textarea
          mt="md"
          label={t('form.mailContent')}
          description={t('form.count', { count: values.mailContent.length, max: PAYMENT_MAIL_CONTENT_MAX })}
          autosize
          minRows={2}
          {...form.getInputProps('mailContent')}
        />
      </Fieldset>
      <Fieldset
        legend={
          <Group gap="xs">
            {t('form.bonus')}
            <Badge size="sm" color="yellow" variant="light" leftSection={<IconCrown size={12} aria-hidden />}>
              {t('premium')}
            </Badge>
          </Group>
        }
      >
        {bonusLocked && (
          <Alert color="yellow" variant="light" mb="md" icon={<IconCrown aria-hidden />}>
            {t('form.bonusPremium')}
          </Alert>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id={bonusLabelId}>
            {t('form.bonusMode')}
          </Text>
          <SegmentedControl
            aria-labelledby={bonusLabelId}
            data={BONUS_MODES.map((m) => ({
              value: m,
              label: t(`bonusMode.${m}`),
              disabled: bonusLocked && m !== 'disabled' && m !== form.getInitialValues().bonusMode,
            }))}
            {...form.getInputProps('bonusMode')}
          />
          {form.errors.bonusMode && (
            <Text size="sm" c="red">
              {form.errors.bonusMode}
            </Text>
          )}
        </Stack>
        {values.bonusMode !== 'disabled' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="md">
            <NumberInput
              label={t('form.bonusValue')}
              description={t(`form.bonusValueHelp.${values.bonusMode}`, { currency })}
              required
              min={-100}
              max={100}
              allowDecimal={false}
              rightSection={<Text size="sm">{values.bonusMode === 'percentage' ? '%' : currency}</Text>}
              {...form.getInputProps('bonusValue')}
            />
            {values.bonusMode === 'percentage' && (
              <NumberInput
                label={t('form.bonusCap')}
                description={t('form.bonusCapHelp', { currency })}
                allowDecimal={false}
                rightSection={<Text size="sm">{currency}</Text>}
                {...form.getInputProps('bonusCap')}
              />
            )}
          </SimpleGrid>
        )}
      </Fieldset>
    </FormShell>
  );
}
