import { Anchor, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import type { BuybackResponse, DeliveryEventCode } from '@reprise/shared';
import { documentFileName } from '@reprise/shared/document-file-names';
import { IconExternalLink, IconFileDownload, IconRoute, IconTruckReturn } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showError } from '../../app/errors';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { Facts } from '../../ui/facts';
import { Section } from '../../ui/section';
import { PickupBlock } from './pickup-block';
import { downloadTransportPdf, useBuybackTransport } from './transport.queries';

const DELIVERY_COLORS: Record<DeliveryEventCode, string> = {
  delivery_init: 'blue',
  in_progress: 'blue',
  delivered: 'green',
  failed: 'orange',
  cancelled: 'gray',
  returned: 'grape',
  lost: 'red',
};

type Download = 'label' | 'return' | 'sheet';

/**
 * The buyback's transport on its detail (docs/transport.md): the carrier's tracking number and
 * link, the delivery status, the shipping label's state, each parcel's delivery events, and the
 * shipping label, return label and tracking sheet downloads. Nothing when no parcel is expected.
 */
export function TransportSection({ buyback }: { buyback: BuybackResponse }) {
  const { t } = useTranslation('transport');
  const { dateTime, locale } = useFormatters();
  const transport = useBuybackTransport(buyback.id);
  const [pending, setPending] = useState<Download | null>(null);
  const data = transport.data;
  if (
    !data ||
    (data.shippingLabel === 'not_expected' &&
      data.shipments.length === 0 &&
      data.pickups.length === 0 &&
      !data.pickupBookable)
  )
    return null;

  const download = async (kind: Download) => {
    setPending(kind);
    const [path, name] =
      kind === 'label'
        ? [
            `/buybacks/${buyback.id}/shipping-label`,
            documentFileName('shipping-label', locale, buyback.identificationNumber),
          ]
        : kind === 'return'
          ? [
              `/items/${buyback.item.id}/documents/return-label`,
              documentFileName('return-label', locale, buyback.item.identificationNumber),
            ]
          : [
              `/buybacks/${buyback.id}/documents/tracking-sheet`,
              documentFileName('tracking-sheet', locale, buyback.identificationNumber),
            ];
    try {
      await downloadTransportPdf(path, locale, name);
    } catch (error) {
      if (error instanceof ApiError && [404, 409, 410, 425].includes(error.status))
        showError({
          code: error.problem.code,
          message: t(`unavailable.${error.status === 425 ? 'notReady' : kind}`),
          hideGenericMessage: true,
        });
      else reportError(error);
    } finally {
      setPending(null);
    }
  };

  const returnShipment = data.shipments.find((s) => s.kind === 'return');
  const rows: [string, ReactNode][] = [
    [t('carrier'), data.shipments[0]?.carrierName ?? t('platformLabel')],
    [
      t('trackingNumber'),
      data.trackingNumber ? (
        <Text key="n" ff="monospace" size="sm" data-testid="tracking-number">
          {data.trackingNumber}
        </Text>
      ) : null,
    ],
    [
      t('trackingLink'),
      data.trackingUrl ? (
        <Anchor key="l" href={data.trackingUrl} target="_blank" rel="noopener noreferrer" size="sm">
          {t('follow')} <IconExternalLink size={14} aria-hidden />
        </Anchor>
      ) : null,
    ],
    [
      t('deliveryStatus'),
      data.deliveryStatus ? (
        <Badge
          key="d"
          color={DELIVERY_COLORS[data.deliveryStatus]}
          variant="light"
          data-testid="delivery-status"
        >
          {t(`delivery.${data.deliveryStatus}`)}
        </Badge>
      ) : (
        <Text key="d" size="sm" c="dimmed" data-testid="delivery-status">
          {t('noDelivery')}
        </Text>
      ),
    ],
    [
      t('shippingLabel'),
      <Text key="s" size="sm" data-testid="shipping-label-state" data-state={data.shippingLabel}>
        {t(`label.${data.shippingLabel}`)}
      </Text>,
    ],
  ];

  return (
    <Section title={t('title')} testId="transport-section">
      <Facts rows={rows} />
      <PickupBlock buyback={buyback} data={data} />
      {data.shipments.map((shipment) => (
        <Stack key={shipment.id} gap={4} mt="sm">
          <Text size="sm" fw={600}>
            {t(`kind.${shipment.kind}`)} · {t(`shipment.${shipment.status}`)}
            {shipment.trackingNumber ? ` · ${shipment.trackingNumber}` : ''}
          </Text>
          {shipment.events.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('noEvent')}
            </Text>
          ) : (
            <List size="sm" spacing={2} data-testid={`delivery-events-${shipment.kind}`}>
              {shipment.events.map((event) => (
                <List.Item key={`${event.occurredAt}-${event.code}`}>
                  {dateTime(event.occurredAt)} · {t(`delivery.${event.code}`)}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      ))}
      <Group gap="xs" mt="md">
        {data.shippingLabel === 'ready' && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconFileDownload size={16} aria-hidden />}
            loading={pending === 'label'}
            onClick={() => download('label')}
          >
            {t('downloadLabel')}
          </Button>
        )}
        {returnShipment && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconTruckReturn size={16} aria-hidden />}
            loading={pending === 'return'}
            onClick={() => download('return')}
          >
            {t('downloadReturnLabel')}
          </Button>
        )}
        {data.trackingSheet && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRoute size={16} aria-hidden />}
            loading={pending === 'sheet'}
            onClick={() => download('sheet')}
          >
            {t('downloadTrackingSheet')}
          </Button>
        )}
      </Group>
    </Section>
  );
}
