import { Alert, Button, Card, Group, List, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { BuybackResponse } from '@reprise/shared';
import { formatPhoneInternational } from '@reprise/shared/customer/phone';
import { IconAlertTriangle, IconBan, IconMapPinOff, IconPencil, IconReceipt } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { countryName } from '../../lib/countries';
import { AnswersTable } from '../../ui/answers-table';
import { Facts } from '../../ui/facts';
import { PageLoader } from '../../ui/page-loader';
import { Section } from '../../ui/section';
import {
  BuybackStatusBadge,
  DeviceCheckFlagBadge,
  DocumentButtons,
  PaymentStatusBadge,
  PriceBreakdownList,
  useBuyback,
  useBuybackAdditionalInfos,
} from '../buybacks';
import { ItemActions, ItemHistory, ItemStatusBadge } from '../items';
import { PaymentButtons, PaymentPanel } from '../payments';
import { TrackingLinkSection } from '../tracking';
import { TransportSection } from '../transport';
import { MarkSentButton } from '../warehouse-checkin';
import { LitigationSection } from '../warehouse-control';
import { CancelBuybackModal } from './cancel-buyback-modal';
import { MarkLostModal } from './mark-lost-modal';

function InformationTab({ buyback }: { buyback: BuybackResponse }) {
  const { t } = useTranslation(['buybacks', 'cart', 'catalog', 'warehouseDispatch']);
  const { dateTime, locale } = useFormatters();
  const infos = useBuybackAdditionalInfos(buyback.id);
  const customer = buyback.customer;
  const identification = customer.identification;
  // the warehouse dispatch rule that chose the warehouse (none: the circuit's rules did)
  const dispatchRule: [string, ReactNode][] = buyback.warehouseDispatchRule
    ? [[t('warehouseDispatch:buyback.rule'), buyback.warehouseDispatchRule.title]]
    : [];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Section title={t('detail.general')}>
        <Facts
          rows={[
            [
              t('detail.identificationNumber'),
              <Text key="n" ff="monospace" size="sm">
                {buyback.identificationNumber}
              </Text>,
            ],
            [t('detail.externalCode'), buyback.externalCode],
            [t('detail.createdAt'), dateTime(buyback.createdAt)],
            [t('detail.status'), <BuybackStatusBadge key="s" status={buyback.status} />],
            [t('detail.channel'), t(`channel.${buyback.channel}`)],
            [t('detail.circuit'), buyback.circuit.name],
            [t('detail.store'), buyback.store?.commonName],
            [t('detail.buyer'), buyback.buyer.name],
            [t('detail.createdBy'), buyback.createdBy?.name],
            [
              t('detail.item'),
              <Text key="i" ff="monospace" size="sm">
                {buyback.item.identificationNumber}
              </Text>,
            ],
            [t('detail.itemStatus'), <ItemStatusBadge key="is" status={buyback.item.status} />],
            [
              t('detail.warehouse'),
              buyback.destinationWarehouse?.commonName ?? infos.data?.warehouse?.commonName,
            ],
            ...dispatchRule,
          ]}
        />
      </Section>
      <Section title={t('detail.product')}>
        <Facts
          rows={[
            [t('detail.productName'), buyback.product.name],
            [t('detail.brand'), buyback.product.brand],
            [t('detail.category'), buyback.category.label],
            [t('detail.declaredState'), t(`catalog:grade.${buyback.declaredState}`)],
            [
              t('detail.imei'),
              buyback.imei ? (
                <Text key="imei" ff="monospace" size="sm">
                  {buyback.imei}
                </Text>
              ) : null,
            ],
          ]}
        />
        {buyback.imeiTacMismatch && (
          <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} mt="xs" p="xs">
            {t('detail.imeiMismatch')}
          </Alert>
        )}
      </Section>
      <Section title={t('detail.customer')}>
        <Facts
          rows={[
            [t('detail.customerName'), `${customer.firstName} ${customer.lastName}`],
            [t('cart:customer.email'), customer.email],
            [t('cart:customer.phone'), customer.phone ? formatPhoneInternational(customer.phone) : null],
            [
              t('cart:customer.address'),
              `${[customer.street, customer.streetMore].filter(Boolean).join(', ')}, ${customer.zip} ${customer.city}, ${countryName(locale, customer.country)}`,
            ],
            [
              t('cart:customer.identification.title'),
              identification
                ? `${t(`cart:customer.identification.types.${identification.type}`)} ${identification.number}`
                : null,
            ],
            ...(identification?.deliveryDate
              ? ([[t('cart:customer.identification.deliveryDate'), identification.deliveryDate]] as [
                  string,
                  ReactNode,
                ][])
              : []),
            ...(identification?.issuingAuthority
              ? ([[t('cart:customer.identification.issuingAuthority'), identification.issuingAuthority]] as [
                  string,
                  ReactNode,
                ][])
              : []),
          ]}
        />
      </Section>
      <Section title={t('detail.payment')}>
        <Facts
          rows={[
            [t('detail.paymentType'), t(`paymentType.${buyback.paymentType}`)],
            [t('detail.paymentMode'), buyback.paymentMode.label],
            [t('detail.paymentStatus'), <PaymentStatusBadge key="p" status={buyback.paymentStatus} />],
            [
              t('detail.iban'),
              buyback.ibanMasked ? (
                <Text key="iban" ff="monospace" size="sm">
                  {buyback.ibanMasked}
                </Text>
              ) : null,
            ],
            ...(buyback.voucherCode
              ? ([
                  [
                    t('detail.voucherCode'),
                    <Text key="v" ff="monospace" size="sm">
                      {buyback.voucherCode}
                    </Text>,
                  ],
                ] as [string, ReactNode][])
              : []),
          ]}
        />
        <Title order={3} size="h6" mt="md" mb={4}>
          {t('price.title')}
        </Title>
        <PriceBreakdownList price={buyback} testId="detail-price" />
      </Section>
      {buyback.status === 'bb_cancelled' && (
        <Section title={t('detail.cancellation')}>
          <Facts
            rows={[
              [
                t('detail.cancelReason'),
                buyback.cancelReason ? t(`cancel.reasons.${buyback.cancelReason}`) : null,
              ],
              [t('detail.cancelComment'), buyback.cancelComment],
              [t('detail.cancelledAt'), buyback.cancelledAt ? dateTime(buyback.cancelledAt) : null],
            ]}
          />
        </Section>
      )}
      <PaymentPanel buybackId={buyback.id} />
      <LitigationSection buyback={buyback} />
      <TrackingLinkSection buyback={buyback} />
      <TransportSection buyback={buyback} />
      {infos.data && infos.data.statusHistory.length > 0 && (
        <Section title={t('detail.history')}>
          <List size="sm" spacing={4}>
            {infos.data.statusHistory.map((event) => (
              <List.Item key={`${event.at}-${event.status}-${event.itemStatus}-${event.paymentStatus}`}>
                {dateTime(event.at)} ·{' '}
                {[
                  event.status && t(`status.${event.status}`),
                  event.itemStatus && t(`itemStatus.${event.itemStatus}`),
                  event.paymentStatus && t(`paymentStatus.${event.paymentStatus}`),
                ]
                  .filter(Boolean)
                  .join(' · ')}
                {event.by ? ` (${event.by})` : ''}
              </List.Item>
            ))}
          </List>
        </Section>
      )}
    </SimpleGrid>
  );
}

function DiagnosisTab({ buyback }: { buyback: BuybackResponse }) {
  const { t } = useTranslation(['buybacks', 'catalog']);
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Text size="sm">
          {t('detail.declaredState')}: <strong>{t(`catalog:grade.${buyback.declaredState}`)}</strong>
        </Text>
        <AnswersTable
          answers={buyback.answers}
          questionLabel={t('detail.question')}
          answerLabel={t('detail.answer')}
          emptyMessage={t('detail.noAnswers')}
        />
      </Stack>
    </Card>
  );
}

/** The buttons the buyback's `allowedActions` and the user's permissions allow. */
function Actions({ buyback }: { buyback: BuybackResponse }) {
  const { t } = useTranslation('buybacks');
  const { can } = useSession();
  const [cancelOpened, cancelModal] = useDisclosure(false);
  const [lostOpened, lostModal] = useDisclosure(false);
  const mayCancel = buyback.allowedActions.cancel && can('buyback.cancel');
  const mayMarkLost = buyback.allowedActions.markLost && can('item.mark_lost_store');
  // the edition screen says which parts its step still allows (docs/statuses.md)
  const mayEdit = can('buyback.create') && buyback.status !== 'bb_cancelled';
  return (
    <Group gap="xs">
      {mayEdit && (
        <Button
          component={Link}
          to={`/buyback/${buyback.id}/edition`}
          variant="light"
          leftSection={<IconPencil size={18} aria-hidden />}
        >
          {t('detail.edit')}
        </Button>
      )}
      <DocumentButtons buyback={buyback} />
      <PaymentButtons buyback={buyback} />
      <ItemActions buyback={buyback} />
      <MarkSentButton buyback={buyback} />
      {mayMarkLost && (
        <Button
          variant="light"
          color="orange"
          leftSection={<IconMapPinOff size={18} aria-hidden />}
          onClick={lostModal.open}
        >
          {t('markLost.button')}
        </Button>
      )}
      {mayCancel && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconBan size={18} aria-hidden />}
          onClick={cancelModal.open}
        >
          {t('cancel.button')}
        </Button>
      )}
      <CancelBuybackModal
        buybackId={buyback.id}
        opened={cancelOpened}
        onClose={cancelModal.close}
        onCancelled={() => notifications.show({ color: 'green', message: t('cancel.done') })}
      />
      <MarkLostModal
        buybackId={buyback.id}
        opened={lostOpened}
        onClose={lostModal.close}
        onDone={() => notifications.show({ color: 'green', message: t('markLost.done') })}
      />
    </Group>
  );
}

/** `/buyback/:id`: the buyback's information and diagnosis results, its documents and actions. */
export function BuybackDetailPage() {
  const { t } = useTranslation('buybacks');
  const { id = '' } = useParams();
  const buyback = useBuyback(id);
  const number = buyback.data?.identificationNumber ?? '';
  usePageHeader({
    title: buyback.data ? t('detail.title', { number }) : t('list.title'),
    icon: IconReceipt,
    breadcrumbs: [{ label: t('list.title'), to: '/buybacks' }, { label: number }],
  });
  if (!buyback.data) return <PageLoader />;
  const data = buyback.data;
  return (
    <Stack gap="md" maw={1200}>
      <Card withBorder padding="md" radius="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <BuybackStatusBadge status={data.status} />
            <DeviceCheckFlagBadge flag={data.deviceCheckFlag} />
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {data.product.name}
            </Text>
          </Group>
          <Actions buyback={data} />
        </Group>
        {data.deviceCheckFlag && (
          <Alert
            color="red"
            icon={<IconAlertTriangle aria-hidden />}
            mt="sm"
            data-testid="device-check-alert"
          >
            {t('detail.deviceCheckAlert', { result: t(`deviceCheckFlag.${data.deviceCheckFlag}`) })}
          </Alert>
        )}
        {data.predeclarationOutdated && (
          <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} mt="sm">
            {t('detail.predeclarationOutdated')}
          </Alert>
        )}
      </Card>
      <Tabs defaultValue="information" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="information">{t('detail.tabs.information')}</Tabs.Tab>
          <Tabs.Tab value="diagnosis">{t('detail.tabs.diagnosis')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('itemHistory.tab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="information">
          <InformationTab buyback={data} />
        </Tabs.Panel>
        <Tabs.Panel value="diagnosis">
          <DiagnosisTab buyback={data} />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <ItemHistory itemId={data.item.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
