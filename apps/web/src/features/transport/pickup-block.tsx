import { Badge, Button, Group, List, Select, Stack, Text } from '@mantine/core';
import type { BuybackResponse, BuybackTransportResponse, PickupStatus } from '@reprise/shared';
import { IconCalendarEvent, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { useBookPickup, useCancelPickup, usePickupSlots } from './transport.queries';

const PICKUP_COLORS: Record<PickupStatus, string> = {
  requested: 'blue',
  booked: 'green',
  failed: 'red',
  cancelled: 'gray',
};

/** The slot choice of a pick-up: the carrier's slots at the customer's address ("Tue 3 Dec, 08:00 – 12:00"). */
export function PickupSlotSelect({
  country,
  zip,
  value,
  onChange,
  label,
}: {
  country: string;
  zip: string;
  value: string | null;
  onChange: (slot: { start: string; end: string } | null) => void;
  label?: string;
}) {
  const { t } = useTranslation('transport');
  const { dateTime, time } = useSlotFormat();
  const slots = usePickupSlots(country, zip);
  if (slots.data && !slots.data.available) return null;
  const options = (slots.data?.slots ?? []).map((slot) => ({
    value: slot.start,
    label: `${dateTime(slot.start)} – ${time(slot.end)}`,
  }));
  return (
    <Select
      label={label ?? t('pickup.slot')}
      placeholder={t('pickup.chooseSlot')}
      data={options}
      value={value}
      disabled={slots.isPending}
      error={slots.isError ? t('pickup.noSlots') : undefined}
      onChange={(start) => onChange(slots.data?.slots.find((s) => s.start === start) ?? null)}
      data-testid="pickup-slot"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function useSlotFormat() {
  const { locale } = useFormatters();
  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(iso));
  const time = (iso: string) =>
    new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  return { dateTime, time };
}

/**
 * The pick-up of a collect buyback on its detail (docs/transport.md, "Pick-ups"): each pick-up's
 * slot, status and carrier order events (created, quoted, cancelled); the current one cancelled
 * before its slot; a pick-up booked (again) on a slot of the carrier.
 */
export function PickupBlock({ buyback, data }: { buyback: BuybackResponse; data: BuybackTransportResponse }) {
  const { t } = useTranslation('transport');
  const { dateTime: at, money } = useFormatters();
  const { dateTime, time } = useSlotFormat();
  const { can } = useSession();
  const [slot, setSlot] = useState<{ start: string; end: string } | null>(null);
  const book = useBookPickup(buyback.id);
  const cancel = useCancelPickup(buyback.id);
  const mayBook = can('buyback.create');
  if (data.pickups.length === 0 && !data.pickupBookable) return null;

  return (
    <Stack gap="xs" mt="sm" data-testid="pickup">
      <Text size="sm" fw={600}>
        {t('pickup.title')}
      </Text>
      {data.pickups.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('pickup.none')}
        </Text>
      )}
      {data.pickups.map((pickup) => (
        <Stack key={pickup.id} gap={2}>
          <Group gap="xs">
            <Badge color={PICKUP_COLORS[pickup.status]} variant="light" data-testid="pickup-status">
              {t(`pickup.status.${pickup.status}`)}
            </Badge>
            <Text size="sm" data-testid="pickup-slot-shown">
              {dateTime(pickup.slot.start)} – {time(pickup.slot.end)}
            </Text>
            {pickup.priceCents !== null && (
              <Text size="sm" c="dimmed">
                {t('pickup.price', { price: money(pickup.priceCents) })}
              </Text>
            )}
          </Group>
          {pickup.lastError && (
            <Text size="sm" c="red">
              {t('pickup.refused', { reason: pickup.lastError })}
            </Text>
          )}
          {pickup.events.length > 0 && (
            <List size="sm" spacing={2} data-testid="pickup-events">
              {pickup.events.map((event) => (
                <List.Item key={event.code}>
                  {at(event.occurredAt)} · {t(`pickup.event.${event.code}`)}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      ))}
      {mayBook && data.pickupCancellable && (
        <Group>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconX size={16} aria-hidden />}
            loading={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            {t('pickup.cancel')}
          </Button>
        </Group>
      )}
      {mayBook && data.pickupBookable && (
        <Group align="flex-end">
          <PickupSlotSelect
            country={buyback.customer.country}
            zip={buyback.customer.zip}
            value={slot?.start ?? null}
            onChange={setSlot}
          />
          <Button
            size="sm"
            leftSection={<IconCalendarEvent size={16} aria-hidden />}
            disabled={!slot}
            loading={book.isPending}
            onClick={() => slot && book.mutate(slot, { onSuccess: () => setSlot(null) })}
          >
            {t('pickup.book')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
