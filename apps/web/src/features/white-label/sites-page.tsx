import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type SiteResponse, UpdateSiteRequest } from '@reprise/shared';
import { IconEdit, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageHeader } from '../../app/page-header';
import { handleFormError, zodValidator } from '../../ui/forms';
import { PageLoader } from '../../ui/page-loader';
import { useSites, useUpdateSite } from './white-label.queries';

/** `/white-label/sites` (platform admins): the retailers' public sites, their address and activation. */
export function SitesPage() {
  const { t } = useTranslation('whiteLabel');
  usePageHeader({
    title: t('sites.title'),
    icon: IconWorld,
    breadcrumbs: [{ label: t('sites.breadcrumb') }, { label: t('sites.title') }],
  });
  const sites = useSites();
  // The site stays in the dialog while it fades out: clearing it on close would flash an empty dialog.
  const [editing, setEditing] = useState<SiteResponse | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (site: SiteResponse) => {
    setEditing(site);
    setOpened(true);
  };
  const close = () => setOpened(false);
  if (!sites.data) return <PageLoader />;
  return (
    <Stack gap="md" maw={1100}>
      <Text c="dimmed">{t('sites.help')}</Text>
      <Table.ScrollContainer minWidth={600}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('sites.account')}</Table.Th>
              <Table.Th scope="col">{t('sites.address')}</Table.Th>
              <Table.Th scope="col">{t('sites.status')}</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>{t('sites.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sites.data.member.map((site) => (
              <Table.Tr key={site.accountId}>
                <Table.Td>{site.accountName}</Table.Td>
                <Table.Td>
                  {site.url ? (
                    <Anchor href={site.url} target="_blank" rel="noopener noreferrer">
                      {site.url}
                    </Anchor>
                  ) : (
                    <Text c="dimmed">{t('sites.noAddress')}</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge color={site.active ? 'green' : 'gray'}>
                    {site.active ? t('status.active') : t('status.inactive')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconEdit size={16} aria-hidden />}
                    onClick={() => open(site)}
                    aria-label={t('sites.editButton', { name: site.accountName })}
                  >
                    {t('sites.edit')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={opened}
        onClose={close}
        title={editing ? t('sites.editOf', { name: editing.accountName }) : ''}
      >
        {editing && <SiteForm key={editing.accountId} site={editing} onDone={close} />}
      </Modal>
    </Stack>
  );
}

interface SiteFormValues {
  slug: string;
  domain: string;
  active: boolean;
}

const toRequest = (v: SiteFormValues) => ({
  slug: v.slug.trim(),
  domain: v.domain.trim() || null,
  active: v.active,
});

/** The address and activation of one site (also the client screen's white-label tab, features/account-admin). */
export function SiteForm({ site, onDone }: { site: SiteResponse; onDone: () => void }) {
  const { t } = useTranslation('whiteLabel');
  const update = useUpdateSite(site.accountId);
  const validateRequest = zodValidator<unknown>(UpdateSiteRequest);
  const form = useForm<SiteFormValues>({
    mode: 'controlled',
    initialValues: { slug: site.slug ?? '', domain: site.domain ?? '', active: site.active },
    validate: (values) => validateRequest(toRequest(values)),
  });
  const submit = (values: SiteFormValues) =>
    update.mutate(toRequest(values), {
      onSuccess: (saved) => {
        notifications.show({
          color: 'green',
          message: saved.active ? t('sites.activated', { name: saved.accountName }) : t('sites.saved'),
        });
        onDone();
      },
      onError: (error) => handleFormError(form, error),
    });
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <TextInput
          label={t('sites.slug')}
          description={t('sites.slugHelp')}
          required
          data-autofocus
          {...form.getInputProps('slug')}
        />
        <TextInput
          label={t('sites.domain')}
          description={t('sites.domainHelp')}
          {...form.getInputProps('domain')}
        />
        <Switch label={t('sites.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
