import { Alert, Button, Checkbox, Group, List, Text } from '@mantine/core';
import type { BuybackListItem } from '@reprise/shared';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../../app/errors';
import { useSession } from '../../app/session';
import type { DataTableColumn } from '../../ui/data-table';
import { useSendBuybacks } from './checkin.queries';
import { isSendableRow, summarise } from './send-results';

/**
 * The buybacks list's selection of rows awaiting inventory and its bulk "Mark as sent"
 * (`POST /buybacks/send`), for users holding buyback_item.send: a checkbox column, and a bar
 * with the count, "select all of this page", the action and the summary of its results.
 */
export function useSendSelection(rows: BuybackListItem[] | undefined) {
  // not suspended on its namespace: the list shows meanwhile, the selection joins it once read
  const { t, ready } = useTranslation('warehouseCheckin', { useSuspense: false });
  const { can } = useSession();
  const allowed = ready && can('buyback_item.send');
  // id → identification number (the summary names the buybacks, on whatever page they were picked)
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  const toggle = (row: BuybackListItem, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(row.id, row.identificationNumber);
      else next.delete(row.id);
      return next;
    });
  const column: DataTableColumn<BuybackListItem> = {
    key: 'select',
    header: t('send.select'),
    headerHidden: true,
    width: 44,
    render: (row) =>
      isSendableRow(row) ? (
        <Checkbox
          checked={selected.has(row.id)}
          onChange={(event) => toggle(row, event.currentTarget.checked)}
          aria-label={t('send.selectRow', { code: row.identificationNumber })}
        />
      ) : null,
  };
  const sendable = (rows ?? []).filter(isSendableRow);
  return {
    columns: allowed ? [column] : [],
    bar: allowed ? (
      <SendSelectionBar
        selected={selected}
        page={sendable}
        onSelectPage={(page) =>
          setSelected(new Map([...selected, ...page.map((r) => [r.id, r.identificationNumber] as const)]))
        }
        onClear={() => setSelected(new Map())}
      />
    ) : null,
  };
}

function SendSelectionBar({
  selected,
  page,
  onSelectPage,
  onClear,
}: {
  selected: ReadonlyMap<string, string>;
  page: BuybackListItem[];
  onSelectPage: (rows: BuybackListItem[]) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('warehouseCheckin');
  const send = useSendBuybacks();
  // the numbers of the buybacks last sent, for the summary (the selection is cleared once sent)
  const [numbers, setNumbers] = useState<ReadonlyMap<string, string>>(new Map());
  const result = send.data ? summarise(send.data) : null;
  return (
    <>
      <Group gap="sm" mb="sm" wrap="wrap" data-testid="send-selection">
        <Text size="sm" aria-live="polite">
          {t('send.selected', { count: selected.size })}
        </Text>
        <Button size="xs" variant="subtle" onClick={() => onSelectPage(page)} disabled={page.length === 0}>
          {t('send.selectPage')}
        </Button>
        {selected.size > 0 && (
          <Button size="xs" variant="subtle" color="gray" onClick={onClear}>
            {t('send.clear')}
          </Button>
        )}
        <Button
          size="xs"
          leftSection={<IconTruckDelivery size={16} aria-hidden />}
          disabled={selected.size === 0}
          loading={send.isPending}
          onClick={() => {
            setNumbers(new Map(selected));
            send.mutate([...selected.keys()], { onSuccess: onClear });
          }}
          data-testid="send-selection-submit"
        >
          {t('send.button')}
        </Button>
      </Group>
      {result && (
        <Alert
          color={result.refused.length ? 'yellow' : 'green'}
          mb="sm"
          role="status"
          withCloseButton
          onClose={() => send.reset()}
          title={t('send.summary', { sent: result.sent, refused: result.refused.length })}
          data-testid="send-summary"
        >
          {result.refused.length > 0 && (
            <List size="sm">
              {result.refused.map((r) => (
                <List.Item key={r.buybackId}>
                  {t('send.refusedLine', {
                    code: numbers.get(r.buybackId) ?? r.buybackId,
                    reason: translateErrorCode(r.code ?? 'unknown'),
                  })}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
    </>
  );
}
