import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { BuybackResponse } from '@reprise/shared';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { useSendBuyback } from './checkin.queries';

/**
 * "Mark as sent" on a buyback's detail: its item leaves for the warehouse (`item_in_transit`),
 * when its `allowedActions.send` says it may (awaiting inventory, or a web post buyback's item
 * created) and the user holds buyback_item.send.
 */
export function MarkSentButton({ buyback }: { buyback: Pick<BuybackResponse, 'id' | 'allowedActions'> }) {
  // not suspended on its namespace: the detail page shows meanwhile, the button joins it once read
  const { t, ready } = useTranslation('warehouseCheckin', { useSuspense: false });
  const { can } = useSession();
  const send = useSendBuyback();
  if (!ready || !buyback.allowedActions.send || !can('buyback_item.send')) return null;
  return (
    <Button
      variant="light"
      leftSection={<IconTruckDelivery size={18} aria-hidden />}
      loading={send.isPending}
      onClick={() =>
        send.mutate(buyback.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('send.done') }),
        })
      }
      data-testid="mark-sent"
    >
      {t('send.button')}
    </Button>
  );
}
