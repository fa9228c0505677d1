import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { StockResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal, useDeletionRefusal } from '../../ui/confirm-delete-modal';
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
  const { refusal, close, onError } = useDeletionRefusal(remove, onClose, (error) =>
    EXPLAINED.includes(error.code),
  );
  const submit = () => {
    if (!stock) return;
    remove.mutate(stock.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('delete.done', { name }) });
        close();
      },
      onError,
    });
  };
  return (
    <ConfirmDeleteModal
      opened={stock !== null}
      onClose={close}
      title={t('delete.title')}
      cancelLabel={t('delete.cancel')}
      submitLabel={t('delete.submit')}
      onSubmit={submit}
      pending={remove.isPending}
      refusal={refusal}
      refusalTestId="stock-delete-error"
      submitTestId="stock-delete-submit"
    >
      {stock && (
        <>
          <Text>{t('delete.confirm', { name })}</Text>
          {stock.productCount > 0 || stock.refurbStepCount > 0 ? (
            <Text size="sm" c="dimmed">
              {t('delete.holds', {
                products: t('contents.products', { count: stock.productCount }),
                services: t('contents.services', { count: stock.refurbStepCount }),
              })}
            </Text>
          ) : null}
        </>
      )}
    </ConfirmDeleteModal>
  );
}
