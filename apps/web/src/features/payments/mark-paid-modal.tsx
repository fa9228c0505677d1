import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  MANUAL_PAYMENT_INFORMATION_MAX,
  type MarkPaymentPaidInput,
  MarkPaymentPaidRequest,
  type PaymentResponse,
} from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../app/use-formatters';
import { handleFormError, zodValidator } from '../../ui/forms';
import { useMarkPaymentPaid } from './payments.queries';

interface MarkPaidModalProps {
  payment: Pick<PaymentResponse, 'id' | 'amountCents' | 'currency' | 'buyback'> | null;
  onClose: () => void;
}

/**
 * The manual payment modal: the customer was paid another way; the
 * complementary information (255 characters at most) is optional. Validated with the shared schema.
 */
export function MarkPaidModal({ payment, onClose }: MarkPaidModalProps) {
  const { t } = useTranslation('payments');
  const { money } = useFormatters();
  const markPaid = useMarkPaymentPaid();
  const form = useForm<{ information: string }>({
    initialValues: { information: '' },
    validate: zodValidator<{ information: string }>(MarkPaymentPaidRequest),
  });

  const close = () => {
    form.reset();
    markPaid.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    if (!payment) return;
    const body: MarkPaymentPaidInput = { information: values.information.trim() || null };
    markPaid.mutate(
      { id: payment.id, body },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('markPaid.done') });
          close();
        },
        onError: (error) => handleFormError(form, error),
      },
    );
  });

  return (
    <Modal opened={payment !== null} onClose={close} title={t('markPaid.title')} centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {payment && (
            <Text size="sm">
              {t('markPaid.intro', {
                amount: money(payment.amountCents),
                number: payment.buyback.identificationNumber,
              })}
            </Text>
          )}
          <Textarea
            label={t('markPaid.information')}
            description={t('markPaid.informationHelp', { max: MANUAL_PAYMENT_INFORMATION_MAX })}
            autosize
            minRows={2}
            data-testid="mark-paid-information"
            {...form.getInputProps('information')}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('markPaid.cancel')}
            </Button>
            <Button type="submit" color="green" loading={markPaid.isPending} data-testid="mark-paid-confirm">
              {t('markPaid.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
