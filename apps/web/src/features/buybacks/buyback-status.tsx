import { Badge, type MantineColor, ThemeIcon, Tooltip } from '@mantine/core';
import type { BuybackStatus, DeviceCheckFlag, PaymentStatus } from '@reprise/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WHOLE_LABEL } from '../../ui/status-badge';

const BUYBACK_STATUS_COLORS: Record<BuybackStatus, MantineColor> = {
  bb_awaiting_store_drop: 'yellow',
  bb_awaiting_inventory: 'yellow',
  bb_in_transit: 'blue',
  bb_in_processing: 'indigo',
  bb_completed: 'green',
  bb_completed_by_price: 'green',
  bb_completed_with_absorption: 'green',
  bb_completed_with_negociation: 'green',
  bb_not_completed: 'orange',
  bb_cancelled: 'gray',
};

const PAYMENT_STATUS_COLORS: Record<PaymentStatus, MantineColor> = {
  awaiting_payment: 'yellow',
  payment_created: 'blue',
  payment_initiated: 'blue',
  payment_completed: 'green',
  payment_failed: 'red',
  payment_cancelled: 'gray',
  payment_not_needed: 'gray',
};

export function BuybackStatusBadge({ status }: { status: BuybackStatus }) {
  const { t } = useTranslation('buybacks');
  return (
    <Badge
      color={BUYBACK_STATUS_COLORS[status]}
      variant="light"
      radius="sm"
      tt="none"
      styles={WHOLE_LABEL}
      data-testid="buyback-status"
    >
      {t(`status.${status}`)}
    </Badge>
  );
}

/**
 * A payment's status wherever a screen shows one (buyback detail and history, payment panel and
 * search, transfer batches): one badge, one name per status (`buybacks:paymentStatus`, the only key
 * set of payment statuses; docs/glossary.md, "Statuses").
 */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('buybacks');
  return (
    <Badge
      color={PAYMENT_STATUS_COLORS[status]}
      variant="light"
      radius="sm"
      tt="none"
      styles={WHOLE_LABEL}
      data-testid="payment-status"
      data-status={status}
    >
      {t(`paymentStatus.${status}`)}
    </Badge>
  );
}

/** The stolen-device check's flag (docs/device-check.md): the device is reported lost or stolen. */
export function DeviceCheckFlagBadge({
  flag,
  compact = false,
}: {
  flag: DeviceCheckFlag | null;
  /** In a list's cell: a red warning sign named by its label (shown on hover), not the whole label. */
  compact?: boolean;
}) {
  const { t } = useTranslation('buybacks');
  if (!flag) return null;
  if (compact)
    return (
      <Tooltip label={t(`deviceCheckFlag.${flag}`)} withArrow>
        <ThemeIcon
          color="red"
          size="sm"
          radius="sm"
          role="img"
          aria-label={t(`deviceCheckFlag.${flag}`)}
          data-testid="device-check-flag"
        >
          <IconAlertTriangle size={14} aria-hidden />
        </ThemeIcon>
      </Tooltip>
    );
  return (
    <Badge
      color="red"
      variant="filled"
      radius="sm"
      tt="none"
      styles={WHOLE_LABEL}
      data-testid="device-check-flag"
    >
      {t(`deviceCheckFlag.${flag}`)}
    </Badge>
  );
}
