import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type NativeStockKind, REFURB_COMMENT_MAX } from '@reprise/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, translateErrorCode } from '../../app/errors';
import { ApiError } from '../../lib/api';
import { translateViolation } from '../../ui/forms';
import { stockName } from '../items';
import { useMoveToStock, useStockOptions } from './stocks.queries';

/** Refusals about the stock chosen: said under the stock field. */
const STOCK_ERRORS = ['stock_not_in_warehouse', 'same_stock'];
/** Refusals about the item: said above the buttons. */
const ITEM_ERRORS = ['item_status_mismatch', 'item_not_found'];

export interface MovableItem {
  id: string;
  identificationNumber: string;
  warehouse: { id: string } | null;
  stock: { id: string; name: string; nativeKind: NativeStockKind | null } | null;
}

/**
 * Moves an item to another stock of its warehouse (`POST /items/{id}/move-to-stock`), its status
 * unchanged; the move is written in the item's history with the comment given.
 */
export function MoveToStockModal({
  item,
  opened,
  onClose,
}: {
  item: MovableItem;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('stocks');
  const { t: tb } = useTranslation('buybacks');
  const stocks = useStockOptions(item.warehouse?.id ?? null, opened && item.warehouse !== null);
  const move = useMoveToStock();
  const [stockId, setStockId] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [stockError, setStockError] = useState<string | null>(null);
  const [itemError, setItemError] = useState<string | null>(null);

  const close = () => {
    setStockId(null);
    setComment('');
    setAttempted(false);
    setStockError(null);
    setItemError(null);
    onClose();
  };

  const options = (stocks.data?.member ?? [])
    .filter((stock) => stock.id !== item.stock?.id)
    .map((stock) => ({ value: stock.id, label: stockName(tb, stock) }));

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('move.title', { code: item.identificationNumber })}
      centered
      size="lg"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setAttempted(true);
          if (!stockId) return;
          move.mutate(
            { id: item.id, body: { stockId, comment: comment.trim() || null } },
            {
              onSuccess: (moved) => {
                close();
                notifications.show({
                  color: 'green',
                  message: t('move.done', {
                    code: moved.identificationNumber,
                    stock: stockName(tb, moved.stock),
                  }),
                });
              },
              onError: (error) => {
                if (error instanceof ApiError && STOCK_ERRORS.includes(error.code))
                  setStockError(translateErrorCode(error.code));
                else if (error instanceof ApiError && ITEM_ERRORS.includes(error.code))
                  setItemError(translateErrorCode(error.code));
                else reportError(error);
              },
            },
          );
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            {t('move.current', { stock: stockName(tb, item.stock) })} {t('move.help')}
          </Text>
          <Select
            label={t('move.stock')}
            placeholder={t('move.stockPlaceholder')}
            required
            searchable
            data={options}
            value={stockId}
            onChange={(value) => {
              setStockId(value);
              setStockError(null);
            }}
            disabled={!stocks.data}
            error={stockError ?? (attempted && !stockId ? translateViolation('required') : null)}
            data-testid="move-stock"
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            label={t('move.comment')}
            autosize
            minRows={2}
            maxLength={REFURB_COMMENT_MAX}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            data-testid="move-comment"
          />
          {itemError && (
            <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
              {itemError}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('move.cancel')}
            </Button>
            <Button type="submit" loading={move.isPending} data-testid="move-submit">
              {t('move.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
