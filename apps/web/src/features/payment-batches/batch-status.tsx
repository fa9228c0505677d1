import { Badge } from '@mantine/core';
import type { TransferBatchStatus } from '@reprise/shared';
import { useTranslation } from 'react-i18next';

const BATCH_COLORS: Record<TransferBatchStatus, string> = {
  open: 'blue',
  sent: 'orange',
  reconciled: 'green',
};

export function BatchStatusBadge({ status }: { status: TransferBatchStatus }) {
  const { t } = useTranslation('paymentBatches');
  return (
    <Badge color={BATCH_COLORS[status]} variant="light" data-testid="batch-status" data-status={status}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}
