import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ExpeditionEligibilityResponse } from '@reprise/shared';
import { IconAlertTriangle, IconPackage, IconPackageImport, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { translateErrorCode } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { useCurrentUser } from '../../app/session';
import { ApiError } from '../../lib/api';
import { EmptyState } from '../../ui/empty-state';
import { PageLoader } from '../../ui/page-loader';
import { useCreatePackage, useEligibility, usePackages, usePackItem } from './expedition.queries';

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : 'network_error');

/**
 * `/expedition?itemId=`: whether an item may leave the user's store or
 * warehouse. Refused, the reason is said; eligible, a package of the right type is started with
 * it packed (a label for the drop-with-label circuits, none for a plain drop; either from a
 * warehouse), or it joins an open package of that type.
 */
export function ExpeditionItemPage() {
  const { t } = useTranslation('expedition');
  const [params] = useSearchParams();
  const itemId = params.get('itemId');
  const eligibility = useEligibility(itemId);
  usePageHeader({
    title: t('item.title'),
    icon: IconTruckDelivery,
    breadcrumbs: [{ label: t('title'), to: '/start-expedition' }, { label: t('item.title') }],
  });
  const startLink = (
    <Button component={Link} to="/start-expedition" variant="light">
      {t('packing.chooseOne')}
    </Button>
  );

  if (!itemId)
    return (
      <Card withBorder padding="md" radius="md" maw={880}>
        <EmptyState title={t('item.none')} icon={IconPackage} action={startLink} />
      </Card>
    );
  if (eligibility.isError)
    return (
      <Stack gap="md" maw={880}>
        <Alert
          color="red"
          icon={<IconAlertTriangle aria-hidden />}
          role="alert"
          title={t('item.refusedTitle')}
          data-testid="expedition-item-refused"
        >
          {translateErrorCode(codeOf(eligibility.error))}
        </Alert>
        <Group>
          {startLink}
          <Button component={Link} to="/transports-list" variant="subtle">
            {t('list.title')}
          </Button>
        </Group>
      </Stack>
    );
  if (!eligibility.data) return <PageLoader />;
  return <Eligible item={eligibility.data} />;
}

function Eligible({ item }: { item: ExpeditionEligibilityResponse }) {
  const { t } = useTranslation('expedition');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const create = useCreatePackage();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  // a store item travels in the package its circuit asks for; a warehouse's in either
  const types = item.kind === 'warehouse' ? [true, false] : [item.needsLabel];
  const open = usePackages({
    status: 'open',
    originOrganizationId: user.currentOrganization.id,
    ...(item.kind === 'store' ? { withLabel: item.needsLabel } : {}),
    itemsPerPage: 20,
    'order[createdAt]': 'desc',
  });
  const pack = usePackItem();

  // the item joins the package chosen, then the packing screen goes on
  const packed = async (packageId: string) => {
    await pack.mutateAsync({ packageId, code: item.identificationNumber });
    navigate(`/packing-with-label?packageId=${packageId}`);
  };

  const run = async (key: string, work: () => Promise<void>) => {
    setError(null);
    setPending(key);
    try {
      await work();
    } catch (failure) {
      setError(codeOf(failure));
    } finally {
      setPending(null);
    }
  };

  const startWith = (withLabel: boolean) =>
    run(`new-${withLabel}`, async () => {
      const created = await create.mutateAsync({ withLabel });
      await packed(created.id);
    });

  return (
    <Stack gap="md" maw={880}>
      <Card withBorder padding="md" radius="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('item.eligibleTitle')}
          </Title>
          <Text ff="monospace" fw={700} data-testid="expedition-item-number">
            {item.identificationNumber}
          </Text>
          <Text size="sm">{item.productName}</Text>
          <Text size="sm" c="dimmed">
            {t('item.buyback', { number: item.buyback.identificationNumber })}
          </Text>
          <Text size="sm" data-testid="expedition-item-type">
            {item.kind === 'warehouse'
              ? t('item.warehouse')
              : item.needsLabel
                ? t('item.needsLabel')
                : t('item.noLabel')}
          </Text>
        </Stack>
      </Card>
      {error && (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {translateErrorCode(error)}
        </Alert>
      )}
      <Group gap="sm">
        {types.map((withLabel) => (
          <Button
            key={String(withLabel)}
            leftSection={<IconPackageImport size={18} aria-hidden />}
            loading={pending === `new-${withLabel}`}
            disabled={pending !== null}
            onClick={() => void startWith(withLabel)}
            data-testid={
              withLabel ? 'expedition-item-start-with-label' : 'expedition-item-start-without-label'
            }
          >
            {t('item.startWith', { type: t(withLabel ? 'type.withLabel' : 'type.withoutLabel') })}
          </Button>
        ))}
      </Group>
      {(open.data?.member.length ?? 0) > 0 && (
        <Card withBorder padding="md" radius="md">
          <Text fw={600} mb="xs">
            {t('item.orJoin')}
          </Text>
          <Group gap="xs">
            {open.data?.member.map((other) => (
              <Button
                key={other.id}
                variant="light"
                size="sm"
                loading={pending === other.id}
                disabled={pending !== null}
                onClick={() => void run(other.id, () => packed(other.id))}
              >
                {t('item.addTo', {
                  number: other.number,
                  type: t(other.withLabel ? 'type.withLabel' : 'type.withoutLabel'),
                })}
              </Button>
            ))}
          </Group>
        </Card>
      )}
    </Stack>
  );
}
