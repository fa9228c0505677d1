import {
  Alert,
  Button,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconPackage, IconTag, IconTagOff, IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { translateErrorCode } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { useCurrentUser } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { EmptyState } from '../../ui/empty-state';
import { PageLoader } from '../../ui/page-loader';
import { Section } from '../../ui/section';
import { SimpleTable } from '../../ui/simple-table';
import { useCreatePackage, usePackages } from './expedition.queries';
import { PackageTypeBadge } from './package-badges';
import classes from './start-expedition.module.css';

/**
 * `/start-expedition`: a package leaves the user's current store or
 * warehouse, with a carrier label or without one (handed to the buyer's own transport). Choosing
 * opens it and goes to the packing screen; the open packages of the organisation are resumed here.
 */
export function StartExpeditionPage() {
  const { t } = useTranslation('expedition');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const create = useCreatePackage();
  const { dateTime } = useFormatters();
  usePageHeader({
    title: t('title'),
    icon: IconTruckDelivery,
    breadcrumbs: [{ label: t('title') }],
    actions: [{ label: t('list.title'), to: '/transports-list' }],
  });
  const open = usePackages({
    status: 'open',
    originOrganizationId: user.currentOrganization.id,
    itemsPerPage: 50,
    'order[createdAt]': 'desc',
  });

  const start = (withLabel: boolean) =>
    create.mutate(
      { withLabel },
      { onSuccess: (pack) => navigate(`/packing-with-label?packageId=${pack.id}`) },
    );

  const choice = (withLabel: boolean) => {
    const Icon = withLabel ? IconTag : IconTagOff;
    const pending = create.isPending && create.variables?.withLabel === withLabel;
    return (
      <UnstyledButton
        className={classes.choice}
        onClick={() => start(withLabel)}
        disabled={create.isPending}
        aria-busy={pending}
        data-testid={withLabel ? 'start-with-label' : 'start-without-label'}
      >
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ThemeIcon size={52} radius="md" variant="light" aria-hidden>
            <Icon size={30} />
          </ThemeIcon>
          <Stack gap={4}>
            <Text fw={700} size="lg">
              {t(withLabel ? 'type.withLabel' : 'type.withoutLabel')}
            </Text>
            <Text size="sm" c="dimmed">
              {t(withLabel ? 'start.withLabelHelp' : 'start.withoutLabelHelp')}
            </Text>
            {pending && (
              <Text size="sm" c="blue" role="status">
                {t('start.creating')}
              </Text>
            )}
          </Stack>
        </Group>
      </UnstyledButton>
    );
  };

  return (
    <Stack gap="md" maw={1100}>
      <Text size="sm" c="dimmed">
        {t('start.help', { origin: user.currentOrganization.commonName })}
      </Text>
      {create.error && (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert" data-testid="start-error">
          {translateErrorCode(create.error instanceof ApiError ? create.error.code : 'network_error')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {choice(true)}
        {choice(false)}
      </SimpleGrid>

      <Section title={t('start.openTitle')}>
        {!open.data ? (
          <PageLoader />
        ) : open.data.member.length === 0 ? (
          <EmptyState title={t('start.openEmpty')} icon={IconPackage} />
        ) : (
          <SimpleTable
            headers={[
              t('columns.number'),
              t('columns.type'),
              t('columns.items'),
              t('columns.createdAt'),
              t('columns.actions'),
            ]}
            minWidth={560}
            testId="open-packages"
          >
            {open.data.member.map((pack) => (
              <Table.Tr key={pack.id}>
                <Table.Td>
                  <Text ff="monospace" size="sm" fw={600}>
                    {pack.number}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <PackageTypeBadge withLabel={pack.withLabel} />
                </Table.Td>
                <Table.Td>{pack.itemCount}</Table.Td>
                <Table.Td>{dateTime(pack.createdAt)}</Table.Td>
                <Table.Td>
                  <Button
                    component={Link}
                    to={`/packing-with-label?packageId=${pack.id}`}
                    size="xs"
                    variant="light"
                    aria-label={t('start.resumeNumber', { number: pack.number })}
                  >
                    {t('start.resume')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </SimpleTable>
        )}
      </Section>
    </Stack>
  );
}
