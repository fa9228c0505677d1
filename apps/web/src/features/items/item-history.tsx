import { Card, Table, Text } from '@mantine/core';
import type { ItemEventResponse } from '@reprise/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../app/use-formatters';
import { PageLoader } from '../../ui/page-loader';
import { useItemHistory } from './item.queries';
import { ItemStatusBadge } from './item-status-badge';

/** Steps the customer takes through a link (no signed-in user): the history says "the customer". */
const CUSTOMER_REASONS = ['litigation_accepted', 'litigation_rejected'];

/** Who made the change: a user, the customer, or the platform itself. */
function eventActor(t: TFunction, event: Pick<ItemEventResponse, 'by' | 'reason'>): string {
  if (event.by) return event.by.name;
  return CUSTOMER_REASONS.includes(event.reason ?? '') ? t('itemHistory.customer') : t('itemHistory.system');
}

/** A reason code in words; a code this version does not know yet is shown as it is. */
function eventReason(t: TFunction, reason: string | null): string {
  if (!reason) return '—';
  return t(`itemEventReason.${reason}`, { defaultValue: reason });
}

/** A stock's name: a native stock's in the interface language, another's as its warehouse named it. */
export function stockName(t: TFunction, stock: ItemEventResponse['stock']): string {
  if (!stock) return '—';
  return stock.nativeKind ? t(`nativeStock.${stock.nativeKind}`) : stock.name;
}

/**
 * The item's history (GET /items/{id}/history): every change of its status or stock, oldest first,
 * with who made it, where, in which stock, why and the comment given.
 */
export function ItemHistory({ itemId }: { itemId: string }) {
  const { t } = useTranslation('buybacks');
  const { dateTime } = useFormatters();
  const history = useItemHistory(itemId);
  if (!history.data) return <PageLoader />;
  // events have no id of their own: their place in the history (append-only, oldest first) is one
  const events = history.data.member.map((event, position) => ({ ...event, position }));
  return (
    <Card withBorder padding="md" radius="md">
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('itemHistory.empty')}
        </Text>
      ) : (
        // no sideways scroll: every column in sight, the long ones (reason, comment) wrap
        <Table.ScrollContainer minWidth={0}>
          <Table verticalSpacing="xs" striped data-testid="item-history">
            <Table.Caption>{t('itemHistory.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('itemHistory.at')}</Table.Th>
                <Table.Th scope="col">{t('itemHistory.status')}</Table.Th>
                <Table.Th scope="col">{t('itemHistory.by')}</Table.Th>
                <Table.Th scope="col">{t('itemHistory.place')}</Table.Th>
                <Table.Th scope="col">{t('itemHistory.stock')}</Table.Th>
                <Table.Th scope="col">{t('itemHistory.reason')}</Table.Th>
                <Table.Th scope="col">{t('itemHistory.comment')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((event) => (
                <Table.Tr key={event.position} data-testid="item-event">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(event.at)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" component="span">
                      {event.fromStatus && event.fromStatus !== event.toStatus ? (
                        <>{t(`itemStatus.${event.fromStatus}`)} → </>
                      ) : null}
                    </Text>
                    <ItemStatusBadge status={event.toStatus} />
                  </Table.Td>
                  <Table.Td>{eventActor(t, event)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{event.place?.commonName ?? '—'}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{stockName(t, event.stock)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{eventReason(t, event.reason)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{event.comment ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
