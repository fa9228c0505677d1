import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { BUYBACK_COMMENT_MAX, type QuarantineItem } from '@reprise/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, translateErrorCode } from '../../app/errors';
import { ApiError } from '../../lib/api';
import { translateViolation } from '../../ui/forms';
import { stockName, useItemStocks, useReleaseItem } from '../items';

/** Refusals about the stock chosen: said under the stock field. */
const STOCK_ERRORS = ['stock_not_in_warehouse', 'same_stock'];

/**
 * Releases an item from quarantine by moving it to another stock of its warehouse
 * section 4): the customer return stock sends it back to the customer, any other stock puts it
 * back in the control.
 */
export function ReleaseModal({
  item,
  opened,
  onClose,
}: {
  item: Pick<QuarantineItem, 'id' | 'identificationNumber'>;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('quarantine');
  const { t: tb } = useTranslation('buybacks');
  const stocks = useItemStocks(item.id, opened);
  const release = useReleaseItem();
  const [stockId, setStockId] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [stockError, setStockError] = useState<string | null>(null);

  const close = () => {
    setStockId(null);
    setComment('');
    setAttempted(false);
    setStockError(null);
    onClose();
  };

  const options = (stocks.data?.member ?? [])
    .filter((stock) => !stock.current)
    .map((stock) => ({ value: stock.id, label: stockName(tb, stock) }));
  const chosen = stocks.data?.member.find((stock) => stock.id === stockId);
  const toReturn = chosen?.nativeKind === 'customer_return';

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('release.title', { code: item.identificationNumber })}
      centered
      size="lg"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setAttempted(true);
          if (!stockId) return;
          release.mutate(
            { id: item.id, body: { stockId, comment: comment.trim() || null } },
            {
              onSuccess: (moved) => {
                close();
                notifications.show({ color: 'green', message: t(`release.done.${moved.status}`) });
              },
              onError: (error) => {
                if (error instanceof ApiError && STOCK_ERRORS.includes(error.code))
                  setStockError(translateErrorCode(error.code));
                else reportError(error);
              },
            },
          );
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('release.help')}</Text>
          <Select
            label={t('release.stock')}
            required
            data={options}
            value={stockId}
            onChange={(value) => {
              setStockId(value);
              setStockError(null);
            }}
            disabled={!stocks.data}
            error={stockError ?? (attempted && !stockId ? translateViolation('required') : null)}
            data-testid="release-stock"
            comboboxProps={{ withinPortal: true }}
          />
          {chosen && (
            <Alert color={toReturn ? 'orange' : 'blue'} icon={<IconInfoCircle aria-hidden />} role="status">
              {toReturn ? t('release.toReturn') : t('release.toReintegrate')}
            </Alert>
          )}
          <Textarea
            label={t('release.comment')}
            autosize
            minRows={2}
            maxLength={BUYBACK_COMMENT_MAX}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('release.cancel')}
            </Button>
            <Button type="submit" loading={release.isPending} data-testid="release-submit">
              {t('release.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
