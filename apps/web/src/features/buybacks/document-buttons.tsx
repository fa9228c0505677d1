import { Button, Group } from '@mantine/core';
import type { BuybackResponse } from '@reprise/shared';
import { IconFileDownload, IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showError } from '../../app/errors';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { type BuybackDocument, downloadBuybackDocument } from './documents';

/** The buyback's documents the user may download now: transfer order, voucher (per `allowedActions`). */
export function DocumentButtons({
  buyback,
  size = 'sm',
}: {
  buyback: Pick<BuybackResponse, 'id' | 'identificationNumber' | 'allowedActions'>;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('buybacks');
  const { locale } = useFormatters();
  const [pending, setPending] = useState<BuybackDocument | null>(null);

  const download = async (kind: BuybackDocument) => {
    setPending(kind);
    try {
      await downloadBuybackDocument(buyback, kind, locale);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 409))
        showError({
          code: error.code,
          message: t(`documents.unavailable.${kind}`),
          hideGenericMessage: true,
        });
      else reportError(error);
    } finally {
      setPending(null);
    }
  };

  const { downloadTransferOrder, downloadVoucher } = buyback.allowedActions;
  if (!downloadTransferOrder && !downloadVoucher) return null;
  return (
    <Group gap="xs">
      {downloadTransferOrder && (
        <Button
          size={size}
          variant="light"
          leftSection={<IconFileDownload size={18} aria-hidden />}
          loading={pending === 'transfer-order'}
          onClick={() => download('transfer-order')}
          data-testid="download-transfer-order"
        >
          {t('documents.transferOrder')}
        </Button>
      )}
      {downloadVoucher && (
        <Button
          size={size}
          variant="light"
          leftSection={<IconTicket size={18} aria-hidden />}
          loading={pending === 'voucher'}
          onClick={() => download('voucher')}
          data-testid="download-voucher"
        >
          {t('documents.voucher')}
        </Button>
      )}
    </Group>
  );
}
