import { Button, Table, Text } from '@mantine/core';
import { GIFT_CARD_FAILURE_REASONS, type PaymentResponse } from '@reprise/shared';
import { IconCash, IconGift } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showError } from '../../app/errors';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { Section } from '../../ui/section';
import { downloadBuybackDocument, PaymentStatusBadge } from '../buybacks';
import { MarkPaidModal } from './mark-paid-modal';
import { useBuybackPayment } from './payments.queries';

/** The failure reasons the screens translate; a bank's own words are shown as they are. */
const KNOWN_REASONS: readonly string[] = [
  ...GIFT_CARD_FAILURE_REASONS,
  'no_bank_transfer_connector',
  'no_buyer_bank_transfer_connector',
  'currency_not_supported',
  'provider_refused',
  'payout_refused',
];

export function failureReasonText(t: TFunction, reason: string): string {
  return KNOWN_REASONS.includes(reason) ? t(`payments:failureReasons.${reason}`) : reason;
}

const mono = (value: string | null) =>
  value ? (
    <Text ff="monospace" size="sm">
      {value}
    </Text>
  ) : null;

/**
 * The buyback detail's payment panel: status, type, amount,
 * reference, failure reason, when and how it was paid, the masked IBAN and gift card number.
 */
export function PaymentPanel({ buybackId }: { buybackId: string }) {
  const { t } = useTranslation(['payments', 'buybacks']);
  const { dateTime, money } = useFormatters();
  const payment = useBuybackPayment(buybackId);
  const p = payment.data;
  if (!p) return null;
  const rows: [string, ReactNode][] = [
    [t('panel.status'), <PaymentStatusBadge key="s" status={p.status} />],
    [t('panel.type'), t(`buybacks:paymentType.${p.type}`)],
    [t('panel.amount'), money(p.amountCents)],
    [t('panel.reference'), mono(p.reference)],
    [t('panel.failureReason'), p.failureReason ? failureReasonText(t, p.failureReason) : null],
    [t('panel.paidAt'), p.paidAt ? dateTime(p.paidAt) : null],
    [
      t('panel.manualInformation'),
      p.markedPaidBy || p.manualInformation
        ? [p.manualInformation, p.markedPaidBy && t('panel.markedBy', { name: p.markedPaidBy })]
            .filter(Boolean)
            .join(' · ')
        : null,
    ],
    [t('panel.iban'), mono(p.ibanMasked)],
    [t('panel.giftCardNumber'), mono(p.giftCardNumberMasked)],
  ];
  return (
    <Section title={t('panel.title')}>
      <Table variant="vertical" layout="fixed" verticalSpacing={6} data-testid="payment-panel">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="40%">{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }} data-testid={`payment-${label}`}>
                {value ?? '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

/** The buyback detail's payment buttons: download the gift card, mark the payment as paid. */
export function PaymentButtons({ buyback }: { buyback: { id: string; identificationNumber: string } }) {
  const { t } = useTranslation('payments');
  const { can } = useSession();
  const { locale } = useFormatters();
  const payment = useBuybackPayment(buyback.id);
  const [downloading, setDownloading] = useState(false);
  const [marking, setMarking] = useState<PaymentResponse | null>(null);
  const p = payment.data;
  if (!p) return null;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadBuybackDocument(buyback, 'gift-card', locale);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        showError({ code: error.code, message: t('giftCard.unavailable'), hideGenericMessage: true });
      else reportError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      {p.allowedActions.downloadGiftCard && (
        <Button
          variant="light"
          leftSection={<IconGift size={18} aria-hidden />}
          loading={downloading}
          onClick={download}
          data-testid="download-gift-card"
        >
          {t('giftCard.download')}
        </Button>
      )}
      {p.allowedActions.markPaid && can('payment.mark_paid') && (
        <Button
          variant="light"
          color="green"
          leftSection={<IconCash size={18} aria-hidden />}
          onClick={() => setMarking(p)}
          data-testid="mark-payment-paid"
        >
          {t('markPaid.button')}
        </Button>
      )}
      <MarkPaidModal payment={marking} onClose={() => setMarking(null)} />
    </>
  );
}
