import { Badge, type MantineColor } from '@mantine/core';
import type { ItemStatus } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { WHOLE_LABEL } from '../../ui/status-badge';

/** An item's status wherever a screen shows one (buyback, stock, control, packing, refurbishment). */
export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  const { t } = useTranslation('buybacks');
  const color: MantineColor = status.startsWith('item_lost')
    ? 'red'
    : status === 'item_cancelled'
      ? 'gray'
      : 'blue';
  return (
    <Badge color={color} variant="light" radius="sm" tt="none" styles={WHOLE_LABEL}>
      {t(`itemStatus.${status}`)}
    </Badge>
  );
}
