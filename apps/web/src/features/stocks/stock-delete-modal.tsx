import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { StockResponse } from '@reprise/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, translateErrorCode } from '../../app/errors';
import { ApiError } from '../../lib/api';
import { useDeleteStock } from './stocks.queries';

/** Refusals the modal explains itself (a native stock, a stock still holding something). */
const EXPLAINED = ['native_stock_immutable', 'stock_not_empty', 'not_found'];

interface StockDeleteModalProps {
  stock: StockResponse | null;
  /** The stock's name as shown (a native one's translated). */
  name: string;
  onClose: () => void;
}

/** Asks before deleting a stock; a refusal (items or services still in it) is said in the modal. */
export function StockDeleteModal({ stock, name, onClose }: StockDeleteModalProps) {
  const { t } = useTranslation('stocks');
  const remove = useDeleteStock();
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={stock !== null} onClose={close} title={t('delete.title')} centered>
      {stock && (
        <Stack gap="md">
          <Text>{t('delete.confirm', { name })}</Text>
          {stock.productCount > 0 || stock.refurbStepCount > 0 ? (
            <Text size="sm" c="dimmed">
              {t('delete.holds', {
                products: t('contents.products', { count: stock.productCount }),
                services: t('contents.services', { count: stock.refurbStepCount }),
              })}
            </Text>
          ) : null}
          {refusal && (
            <Alert
              color="red"
              icon={<IconAlertTriangle aria-hidden />}
              role="alert"
              data-testid="stock-delete-error"
            >
              {translateErrorCode(refusal)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('delete.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              disabled={refusal !== null}
              data-testid="stock-delete-submit"
              onClick={() =>
                remove.mutate(stock.id, {
                  onSuccess: () => {
                    notifications.show({ color: 'green', message: t('delete.done', { name }) });
                    close();
                  },
                  onError: (error) => {
                    if (error instanceof ApiError && EXPLAINED.includes(error.code)) setRefusal(error.code);
                    else {
                      close();
                      reportError(error);
                    }
                  },
                })
              }
            >
              {t('delete.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
