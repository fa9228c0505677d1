import { Alert, Anchor, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { BuybackResponse, Collection, OrganizationResponse } from '@reprise/shared';
import { IconAlertTriangle, IconBarcode, IconCheck, IconCircleCheck, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { ApiError, api } from '../../lib/api';
import { Facts } from '../../ui/facts';
import { BuybackStatusBadge, buybacksKeys, DeviceCheckFlagBadge } from '../buybacks';
import { newId, useOwnStoreId } from '../cart';
import { lookupOf, normaliseCode, type PredeclaredLookup } from './predeclared-code';

const predeclaredKeys = {
  all: ['buybacks-predeclared'] as const,
  stores: () => [...predeclaredKeys.all, 'stores'] as const,
};

function useStores(enabled: boolean) {
  return useQuery({
    queryKey: predeclaredKeys.stores(),
    enabled,
    queryFn: ({ signal }) =>
      api.get<Collection<OrganizationResponse>>('/organizations', {
        query: { type: ['store'], status: 'active', itemsPerPage: 100, 'order[commonName]': 'asc' },
        signal,
      }),
    select: (data) => data.member.map((store) => ({ value: store.id, label: store.commonName })),
  });
}

type SearchError = 'not_recognised' | 'not_eligible' | 'failed';

/**
 * `/buybacks-predeclared`: a buyback declared on the public site for a
 * store drop is found by its 13-digit code (typed, or scanned by a keyboard-wedge scanner that
 * ends with Enter), checked (customer, product, declared state, price, date; a warning when it is
 * older than 15 days, prices may have changed) and finalised at the counter for the store
 * (`POST /store/{storeId}/buybacks/{id}/finalize`, one Idempotency-Key per buyback found).
 */
export function BuybacksPredeclaredPage() {
  const { t } = useTranslation(['buybacksPredeclared', 'buybacks', 'catalog']);
  usePageHeader({ title: t('title'), icon: IconBarcode });
  const [code, setCode] = useState('');
  const [error, setError] = useState<SearchError | null>(null);
  const [found, setFound] = useState<PredeclaredLookup | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const search = useMutation({
    mutationFn: (digits: string) => api.get<BuybackResponse>(`/buybacks/by-identification-number/${digits}`),
    onSuccess: (buyback) => {
      const lookup = lookupOf(buyback);
      setFound(lookup);
      setError(lookup.kind === 'eligible' ? null : 'not_eligible');
    },
    onError: (e) => {
      setFound(null);
      setError(e instanceof ApiError && (e.status === 404 || e.status === 422) ? 'not_eligible' : 'failed');
    },
    meta: { handlesErrors: true },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = normaliseCode(code);
    if (!digits) {
      setFound(null);
      setError('not_recognised');
      inputRef.current?.focus();
      return;
    }
    search.mutate(digits);
  };

  const reset = () => {
    setCode('');
    setFound(null);
    setError(null);
    search.reset();
    inputRef.current?.focus();
  };

  return (
    <Stack gap="md" maw={880}>
      <Card withBorder padding="md" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('help')}
            </Text>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                ref={inputRef}
                label={t('code')}
                description={t('codeHelp')}
                value={code}
                onChange={(e) => {
                  setCode(e.currentTarget.value);
                  if (error === 'not_recognised') setError(null);
                }}
                inputMode="numeric"
                autoComplete="off"
                autoFocus
                maxLength={32}
                ff="monospace"
                error={error === 'not_recognised' ? t('notRecognisedFormat') : undefined}
                aria-describedby={error && error !== 'not_recognised' ? errorId : undefined}
                style={{ flex: '1 1 220px' }}
                data-testid="predeclared-code"
              />
              <Button
                type="submit"
                leftSection={<IconSearch size={18} aria-hidden />}
                loading={search.isPending}
              >
                {t('search')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      {(error === 'not_eligible' || error === 'failed') && (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert" id={errorId}>
          {error === 'not_eligible' ? t('notEligible') : t('searchFailed')}
        </Alert>
      )}

      {found?.kind === 'eligible' && (
        <PredeclaredBuyback key={found.buyback.id} buyback={found.buyback} onNext={reset} />
      )}
      {found?.kind === 'not_eligible' && (
        <Text size="sm">
          <Anchor component={Link} to={`/buyback/${found.buyback.id}`}>
            {t('openBuyback', { code: found.buyback.identificationNumber })}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

function PredeclaredBuyback({ buyback, onNext }: { buyback: BuybackResponse; onNext: () => void }) {
  const { t } = useTranslation(['buybacksPredeclared', 'buybacks', 'catalog']);
  const { can } = useSession();
  const { dateTime, money } = useFormatters();
  const queryClient = useQueryClient();
  const ownStoreId = useOwnStoreId();
  const stores = useStores(ownStoreId === null);
  const [storeId, setStoreId] = useState<string | null>(ownStoreId);
  const [storeMissing, setStoreMissing] = useState(false);
  // one key for this buyback: a retry after a lost answer replays it instead of finalising twice
  const [idempotencyKey] = useState(newId);
  const finalize = useMutation({
    mutationFn: (store: string) =>
      api.post<BuybackResponse>(
        `/store/${store}/buybacks/${buyback.id}/finalize`,
        {},
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    onSuccess: (done) => {
      queryClient.setQueryData(buybacksKeys.detail(done.id), done);
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.lists() });
    },
    meta: { handlesErrors: true },
  });
  const done = finalize.data;
  const shown = done ?? buyback;
  const titleId = useId();

  const rows: [string, ReactNode][] = [
    [
      t('buybacks:detail.identificationNumber'),
      <Text key="n" ff="monospace" size="sm">
        {shown.identificationNumber}
      </Text>,
    ],
    [t('buybacks:detail.createdAt'), dateTime(shown.createdAt)],
    [t('customer'), `${shown.customer.firstName} ${shown.customer.lastName}`],
    [t('product'), shown.product.name],
    [t('declaredState'), t(`catalog:grade.${shown.declaredState}`)],
    [
      t('price'),
      <Text key="p" fw={700} size="sm" data-testid="predeclared-price">
        {money(shown.totalCents)}
      </Text>,
    ],
    [t('buybacks:detail.circuit'), shown.circuit.name],
    [t('payment'), shown.paymentMode.label],
    [t('buybacks:detail.status'), <BuybackStatusBadge key="s" status={shown.status} />],
    ...(shown.deviceCheckFlag
      ? [
          [
            t('buybacks:detail.deviceCheck'),
            <DeviceCheckFlagBadge key="d" flag={shown.deviceCheckFlag} />,
          ] as [string, ReactNode],
        ]
      : []),
  ];

  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {t('found')}
        </Title>
        {shown.predeclarationOutdated && !done && (
          <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} data-testid="predeclared-outdated">
            {t('outdated')}
          </Alert>
        )}
        <Facts rows={rows} />

        {done ? (
          <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status" title={t('finalised')}>
            <Stack gap="xs">
              <Text size="sm">{t('finalisedHelp', { store: done.store?.commonName ?? '' })}</Text>
              <Group gap="sm">
                <Button variant="light" onClick={onNext}>
                  {t('next')}
                </Button>
                <Anchor component={Link} to={`/buyback/${done.id}`} size="sm">
                  {t('openBuyback', { code: done.identificationNumber })}
                </Anchor>
              </Group>
            </Stack>
          </Alert>
        ) : (
          can('buyback.predeclared_access') && (
            <Stack gap="sm">
              {ownStoreId === null && (
                <Select
                  label={t('store')}
                  required
                  searchable
                  data={stores.data ?? []}
                  value={storeId}
                  onChange={(value) => {
                    setStoreId(value);
                    setStoreMissing(false);
                  }}
                  error={storeMissing ? t('storeRequired') : undefined}
                />
              )}
              {finalize.isError && (
                <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
                  {finalize.error instanceof ApiError &&
                  ['not_found', 'predeclared_not_eligible', 'transition_not_allowed'].includes(
                    finalize.error.code,
                  )
                    ? t('notEligible')
                    : t('finaliseFailed')}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button
                  leftSection={<IconCheck size={18} aria-hidden />}
                  loading={finalize.isPending}
                  onClick={() => {
                    if (!storeId) {
                      setStoreMissing(true);
                      return;
                    }
                    finalize.mutate(storeId);
                  }}
                >
                  {t('finalise')}
                </Button>
              </Group>
            </Stack>
          )
        )}
      </Stack>
    </Card>
  );
}
