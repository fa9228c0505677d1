import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { GiftCardCodeParams, type GiftCardResponse, RedeemGiftCardRequest } from '@reprise/shared';
import { IconAlertTriangle, IconGift, IconSearch, IconTicket } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorFromException, translateErrorCode } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { useFormatters } from '../../app/use-formatters';
import { translateViolation } from '../../ui/forms';
import { useGiftCard, useRedeemGiftCard } from './vouchers.queries';

/** The card's state as the counter reads it: usable, expired, spent or cancelled. */
function stateOf(card: GiftCardResponse): { key: string; color: string } {
  if (card.status === 'cancelled') return { key: 'cancelled', color: 'red' };
  if (card.status === 'exhausted') return { key: 'exhausted', color: 'gray' };
  if (card.expired) return { key: 'expired', color: 'orange' };
  return { key: 'active', color: 'green' };
}

/**
 * The amount to take off: any up to the balance for a gift card, the whole balance for a voucher.
 * The amount typed is sent as typed (never clamped to the balance): an amount above it gets the
 * API's `gift_card_amount_above_balance` on the field; using the whole remaining balance is its own
 * button.
 */
function RedeemForm({ card }: { card: GiftCardResponse }) {
  const { t } = useTranslation('vouchers');
  const { money } = useFormatters();
  const redeem = useRedeemGiftCard();
  const voucher = card.kind === 'voucher';
  const [amount, setAmount] = useState<number | string>(voucher ? card.balanceCents / 100 : '');
  const [error, setError] = useState<string | null>(null);
  const [sentBy, setSentBy] = useState<'typed' | 'balance'>('typed');
  // a new balance (after a redemption, another card) starts from an empty field
  useEffect(() => {
    setAmount(voucher ? card.balanceCents / 100 : '');
    setError(null);
  }, [card.balanceCents, voucher]);

  const send = (amountCents: number, by: 'typed' | 'balance') => {
    setSentBy(by);
    const parsed = RedeemGiftCardRequest.safeParse({ amountCents });
    if (!parsed.success) {
      setError(translateViolation(parsed.error.issues[0]?.message ?? 'invalid_value'));
      return;
    }
    setError(null);
    redeem.mutate(
      { code: card.code, body: parsed.data },
      {
        onSuccess: (after) =>
          notifications.show({
            color: 'green',
            message: t('redeem.done', { amount: money(amountCents), balance: money(after.balanceCents) }),
          }),
        onError: (e) => setError(translateErrorCode(errorFromException(e).code)),
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(amount === '' ? Number.NaN : Math.round(Number(amount) * 100), 'typed');
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label={voucher ? t('redeem.voucherAmount') : t('redeem.amount')}
          description={
            voucher ? t('redeem.voucherWhole') : t('redeem.upTo', { balance: money(card.balanceCents) })
          }
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setError(null);
          }}
          disabled={voucher}
          min={0}
          // no max: the field never changes what the seller typed (the API says when it is too much)
          clampBehavior="none"
          allowNegative={false}
          decimalScale={2}
          fixedDecimalScale={voucher}
          suffix={` ${card.currency === 'EUR' ? '€' : card.currency}`}
          error={error}
          style={{ flex: '1 1 200px' }}
          data-testid="redeem-amount"
        />
        <Button
          type="submit"
          leftSection={<IconTicket size={18} aria-hidden />}
          loading={redeem.isPending && sentBy === 'typed'}
          disabled={redeem.isPending}
          data-testid="redeem-submit"
        >
          {voucher ? t('redeem.voucherButton') : t('redeem.button')}
        </Button>
        {!voucher && (
          <Button
            type="button"
            variant="light"
            onClick={() => send(card.balanceCents, 'balance')}
            loading={redeem.isPending && sentBy === 'balance'}
            disabled={redeem.isPending}
            data-testid="redeem-balance"
          >
            {t('redeem.useBalance', { balance: money(card.balanceCents) })}
          </Button>
        )}
      </Group>
    </form>
  );
}

function CardDetails({ card }: { card: GiftCardResponse }) {
  const { t } = useTranslation('vouchers');
  const { money, date, dateTime } = useFormatters();
  const state = stateOf(card);
  const facts: [string, string][] = [
    [t('card.initial'), money(card.initialCents)],
    [t('card.expiresAt'), card.expiresAt ? date(card.expiresAt) : t('card.noExpiry')],
    [t('card.retailer'), card.retailer],
    [t('card.buyback'), card.buybackIdentificationNumber ?? '—'],
  ];
  return (
    <Card withBorder padding="md" radius="md" data-testid="gift-card">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <Badge variant="light" color="blue" tt="none">
              {t(`kind.${card.kind}`)}
            </Badge>
            <Badge variant="light" color={state.color} tt="none" data-testid="gift-card-state">
              {t(`state.${state.key}`)}
            </Badge>
          </Group>
          <Text ff="monospace" size="sm">
            {card.code}
          </Text>
        </Group>
        <div>
          <Text size="sm" c="dimmed">
            {t('card.balance')}
          </Text>
          <Text fw={700} size="xl" data-testid="gift-card-balance">
            {money(card.balanceCents)}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {facts.map(([label, value]) => (
            <Text key={label} size="sm">
              <strong>{label} :</strong> {value}
            </Text>
          ))}
        </SimpleGrid>
        {state.key === 'active' ? (
          <RedeemForm card={card} />
        ) : (
          <Alert color={state.color} icon={<IconAlertTriangle aria-hidden />} role="alert">
            {translateErrorCode(`gift_card_${state.key}`)}
          </Alert>
        )}
        {card.redemptions.length > 0 && (
          <div>
            {/* the page's h1 is its title: the card's sections come next (h2) */}
            <Title order={2} size="h6" mb={4}>
              {t('card.redemptions')}
            </Title>
            <List size="sm" spacing={2}>
              {card.redemptions.map((r) => (
                <List.Item key={r.id}>
                  {dateTime(r.at)} · {money(r.amountCents)}
                  {r.store ? ` · ${r.store}` : ''}
                  {r.by ? ` (${r.by})` : ''}
                </List.Item>
              ))}
            </List>
          </div>
        )}
      </Stack>
    </Card>
  );
}

/**
 * `/vouchers/redeem` (docs/payments.md): the store counter scans or types a gift card's or a
 * voucher's code (the field is focused, a barcode scanner types the code and Enter), reads its
 * balance, status, expiry and retailer, and redeems an amount.
 */
export function RedeemPage() {
  const { t } = useTranslation('vouchers');
  usePageHeader({ title: t('title'), icon: IconGift, breadcrumbs: [{ label: t('title') }] });
  const [typed, setTyped] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const card = useGiftCard(code);

  // a refused code is selected: the next scan replaces it
  useEffect(() => {
    if (invalid || card.isError) inputRef.current?.select();
  }, [invalid, card.isError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = GiftCardCodeParams.safeParse({ code: typed });
    if (!parsed.success) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setCode(parsed.data.code);
    if (parsed.data.code === code) void card.refetch();
  };

  const lookupError = invalid
    ? translateErrorCode('gift_card_code_invalid')
    : card.isError
      ? translateErrorCode(errorFromException(card.error).code)
      : undefined;

  return (
    <Stack gap="md" maw={760}>
      <Card withBorder padding="md" radius="md">
        <form onSubmit={submit} noValidate aria-busy={card.isFetching}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('intro')}
            </Text>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                ref={inputRef}
                label={t('code')}
                description={t('codeHelp')}
                value={typed}
                onChange={(event) => {
                  setTyped(event.currentTarget.value);
                  setInvalid(false);
                }}
                error={lookupError}
                autoComplete="off"
                autoFocus
                maxLength={64}
                ff="monospace"
                style={{ flex: '1 1 260px' }}
                data-testid="gift-card-code"
              />
              <Button
                type="submit"
                leftSection={<IconSearch size={18} aria-hidden />}
                loading={card.isFetching}
              >
                {t('lookUp')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {card.data && !card.isError && <CardDetails card={card.data} />}
    </Stack>
  );
}
