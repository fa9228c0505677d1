import { Badge } from '@mantine/core';
import type { PaymentStatus, TransferBatchStatus } from '@reprise/shared';
import { useTranslation } from 'react-i18next';

const BATCH_COLORS: Record<TransferBatchStatus, string> = {
  open: 'blue',
  sent: 'orange',
  reconciled: 'green',
};
const PAYMENT_COLORS: Record<PaymentStatus, string> = {
  awaiting_payment: 'gray',
  payment_created: 'blue',
  payment_initiated: 'orange',
  payment_completed: 'green',
  payment_failed: 'red',
  payment_cancelled: 'gray',
  payment_not_needed: 'gray',
};

export function BatchStatusBadge({ status }: { status: TransferBatchStatus }) {
  const { t } = useTranslation('paymentBatches');
  return (
    <Badge color={BATCH_COLORS[status]} variant="light" data-testid="batch-status" data-status={status}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('paymentBatches');
  return (
    <Badge color={PAYMENT_COLORS[status]} variant="light" data-testid="payment-status" data-status={status}>
      {t(`paymentStatuses.${status}`)}
    </Badge>
  );
}
