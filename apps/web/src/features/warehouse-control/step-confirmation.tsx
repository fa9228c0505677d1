import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { CompleteControlResponse, ItemResponse } from '@reprise/shared';
import { IconArrowRight, IconCircleCheck, IconLock, IconMail, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../app/use-formatters';
import { formatMoney } from '../../ui/format';
import { LitigationDetails } from './litigation-details';

/** How a control ended: completed (by price, with absorption), a counter-offer sent, or a quarantine. */
export type ControlEnd =
  | { kind: 'completed'; done: CompleteControlResponse }
  | { kind: 'quarantine'; item: ItemResponse };

/** Step 4: the outcome, then the next item or the buyback. */
export function StepConfirmation({ end }: { end: ControlEnd }) {
  const { t } = useTranslation('warehouseControl');
  const { locale } = useFormatters();
  const item = end.kind === 'completed' ? end.done.item : end.item;
  const money = (cents: number) => formatMoney(cents, item.buyback.currency, locale);
  let title: string;
  let text: string;
  let color: string;
  if (end.kind === 'quarantine') {
    title = t('confirmation.quarantine');
    text = t('confirmation.quarantineText', {
      reason: item.quarantineReason ? t(`quarantine.reasons.${item.quarantineReason}`) : '',
    });
    color = 'red';
  } else if (end.done.outcome === 'counter_offer') {
    title = t('confirmation.counterOffer');
    text = t('confirmation.counterOfferText', { price: money(end.done.litigation?.proposedPriceCents ?? 0) });
    color = 'orange';
  } else {
    title = t(`confirmation.${end.done.outcome === 'by_price' ? 'byPrice' : 'absorption'}`);
    text = t('confirmation.completedText', { price: money(item.validatedPriceCents ?? 0) });
    color = 'green';
  }
  const Icon =
    end.kind === 'quarantine' ? IconLock : end.done.outcome === 'counter_offer' ? IconMail : IconCircleCheck;
  return (
    <Stack gap="md" maw={760}>
      <Alert
        color={color}
        icon={<Icon aria-hidden />}
        title={title}
        role="status"
        data-testid="control-confirmation"
      >
        <Text size="sm">{text}</Text>
      </Alert>
      {end.kind === 'completed' && end.done.litigation && (
        <Card withBorder padding="md" radius="md">
          <LitigationDetails litigation={end.done.litigation} />
        </Card>
      )}
      <ControlLinks buybackId={item.buyback.id} />
    </Stack>
  );
}

/** The links after a control: the next item to scan, the buyback. */
export function ControlLinks({ buybackId }: { buybackId: string }) {
  const { t } = useTranslation('warehouseControl');
  return (
    <Group gap="sm">
      <Button component={Link} to="/warehouse/check" rightSection={<IconArrowRight size={18} aria-hidden />}>
        {t('confirmation.next')}
      </Button>
      <Button
        component={Link}
        to={`/buyback/${buybackId}`}
        variant="light"
        leftSection={<IconReceipt size={18} aria-hidden />}
      >
        {t('confirmation.buyback')}
      </Button>
    </Group>
  );
}
