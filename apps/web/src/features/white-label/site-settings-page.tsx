import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  PatchWhiteLabelSettingsRequest,
  PDF_MAX_BYTES,
  type WhiteLabelDocument,
  type WhiteLabelSettingsResponse,
} from '@reprise/shared';
import {
  IconDeviceFloppy,
  IconExternalLink,
  IconFileTypePdf,
  IconTrash,
  IconUpload,
  IconWorldWww,
} from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { reportError, translateErrorCode } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { useCurrentUser } from '../../app/session';
import { ApiError } from '../../lib/api';
import { handleFormError, zodValidator } from '../../ui/forms';
import { PageLoader } from '../../ui/page-loader';
import { SettingsSection } from '../../ui/section';
import {
  useRemoveDocument,
  useUpdateWhiteLabelSettings,
  useUploadDocument,
  useWhiteLabelSettings,
} from './white-label.queries';

interface SettingsFormValues {
  tagManagerId: string;
  axeptioId: string;
  linkEnabled: boolean;
  linkUrl: string;
  linkText: string;
  dropOffLocationsMapEnabled: boolean;
}

const toRequest = (v: SettingsFormValues): PatchWhiteLabelSettingsRequest => ({
  tagManagerId: v.tagManagerId.trim() || null,
  axeptioId: v.axeptioId.trim() || null,
  externalWebsiteLink: v.linkEnabled ? { url: v.linkUrl.trim(), text: v.linkText.trim() } : null,
  dropOffLocationsMapEnabled: v.dropOffLocationsMapEnabled,
});

const fromSettings = (s: WhiteLabelSettingsResponse): SettingsFormValues => ({
  tagManagerId: s.tagManagerId ?? '',
  axeptioId: s.axeptioId ?? '',
  linkEnabled: s.externalWebsiteLink !== null,
  linkUrl: s.externalWebsiteLink?.url ?? '',
  linkText: s.externalWebsiteLink?.text ?? '',
  dropOffLocationsMapEnabled: s.dropOffLocationsMapEnabled,
});

/** The request's paths on the form's fields (the link's two parts). */
const FIELD_OF: Record<string, string> = {
  'externalWebsiteLink.url': 'linkUrl',
  'externalWebsiteLink.text': 'linkText',
};

/** `/white-label/site`: the retailer's public site: its address, tag manager, consent, link, map and policy documents. */
export function SiteSettingsPage() {
  const { t } = useTranslation('whiteLabel');
  const account = useCurrentUser().currentOrganization.account;
  usePageHeader({
    title: t('settings.title'),
    icon: IconWorldWww,
    breadcrumbs: [{ label: t('breadcrumb') }, { label: t('settings.title') }],
  });
  const settings = useWhiteLabelSettings(account.id, account.isRetailer);
  if (!account.isRetailer) return <Alert color="gray">{t('settings.notRetailer')}</Alert>;
  if (!settings.data) return <PageLoader />;
  return (
    <Stack gap="lg" maw={1100}>
      <SiteAddressCard settings={settings.data} />
      <SettingsForm accountId={account.id} settings={settings.data} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DocumentCard accountId={account.id} document="cookies-policy" url={settings.data.cookiesPolicy} />
        <DocumentCard
          accountId={account.id}
          document="accessibility-statement"
          url={settings.data.accessibilityStatement}
        />
      </SimpleGrid>
    </Stack>
  );
}

function SiteAddressCard({ settings }: { settings: WhiteLabelSettingsResponse }) {
  const { t } = useTranslation('whiteLabel');
  const titleId = useId();
  const { site } = settings;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4" id={titleId}>
            {t('settings.address')}
          </Title>
          <Badge color={site.active ? 'green' : 'gray'}>
            {site.active ? t('status.active') : t('status.inactive')}
          </Badge>
        </Group>
        {site.url ? (
          <Anchor href={site.url} target="_blank" rel="noopener noreferrer">
            {site.url} <IconExternalLink size={14} aria-label={t('newTab')} />
          </Anchor>
        ) : (
          <Text c="dimmed">{t('settings.noAddress')}</Text>
        )}
        <Text size="sm" c="dimmed">
          {t('settings.activationHelp')}
        </Text>
        <Group>
          <Button component={Link} to="/white-label/home-page" variant="light">
            {t('settings.editHomePage')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function SettingsForm({
  accountId,
  settings,
}: {
  accountId: string;
  settings: WhiteLabelSettingsResponse;
}) {
  const { t } = useTranslation('whiteLabel');
  const titleId = useId();
  const update = useUpdateWhiteLabelSettings(accountId);
  const validateRequest = zodValidator<PatchWhiteLabelSettingsRequest>(PatchWhiteLabelSettingsRequest);
  const form = useForm<SettingsFormValues>({
    mode: 'controlled',
    initialValues: fromSettings(settings),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validateRequest(toRequest(values))).map(([path, message]) => [
          FIELD_OF[path] ?? path,
          message,
        ]),
      ),
  });
  const submit = (values: SettingsFormValues) =>
    update.mutate(toRequest(values), {
      onSuccess: (saved) => {
        form.setInitialValues(fromSettings(saved));
        form.reset();
        notifications.show({ color: 'green', message: t('settings.saved') });
      },
      onError: (error) =>
        handleFormError(
          {
            setErrors: (errors) =>
              form.setErrors(
                Object.fromEntries(Object.entries(errors).map(([p, m]) => [FIELD_OF[p] ?? p, m])),
              ),
          },
          error,
        ),
    });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <Title order={2} size="h4" id={titleId}>
            {t('settings.configuration')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('settings.tagManagerId')}
              description={t('settings.tagManagerHelp')}
              placeholder="GTM-XXXXXXX"
              {...form.getInputProps('tagManagerId')}
            />
            <TextInput
              label={t('settings.axeptioId')}
              description={t('settings.axeptioHelp')}
              {...form.getInputProps('axeptioId')}
            />
          </SimpleGrid>
          <Switch
            label={t('settings.linkEnabled')}
            {...form.getInputProps('linkEnabled', { type: 'checkbox' })}
          />
          {form.values.linkEnabled && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('settings.linkUrl')}
                placeholder="https://"
                required
                type="url"
                {...form.getInputProps('linkUrl')}
              />
              <TextInput
                label={t('settings.linkText')}
                required
                maxLength={50}
                {...form.getInputProps('linkText')}
              />
            </SimpleGrid>
          )}
          <Switch
            label={t('settings.mapEnabled')}
            description={t('settings.mapHelp')}
            {...form.getInputProps('dropOffLocationsMapEnabled', { type: 'checkbox' })}
          />
          <Group>
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              loading={update.isPending}
              disabled={!form.isDirty()}
            >
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export function DocumentCard({
  accountId,
  document,
  url,
}: {
  accountId: string;
  document: WhiteLabelDocument;
  url: string | null;
}) {
  const { t } = useTranslation('whiteLabel');
  const upload = useUploadDocument(accountId, document);
  const remove = useRemoveDocument(accountId, document);
  const [problem, setProblem] = useState<string | null>(null);
  const resetPicker = useRef<() => void>(null);

  const choose = (file: File | null) => {
    resetPicker.current?.();
    if (!file) return;
    if (file.type && file.type !== 'application/pdf') return setProblem(t('documents.invalidType'));
    if (file.size > PDF_MAX_BYTES) return setProblem(t('documents.tooLarge'));
    setProblem(null);
    upload.mutate(file, {
      onSuccess: () => notifications.show({ color: 'green', message: t('documents.uploaded') }),
      onError: (error) => {
        if (error instanceof ApiError && (error.status === 422 || error.status === 413))
          setProblem(translateErrorCode(error.code));
        else reportError(error);
      },
    });
  };

  return (
    <SettingsSection title={t(`documents.${document}`)} gap="sm">
      <Text size="sm" c="dimmed">
        {t('documents.help')}
      </Text>
      {url ? (
        <Anchor href={url} target="_blank" rel="noopener">
          <Group gap={4} component="span">
            <IconFileTypePdf size={18} aria-hidden />
            {t('documents.open')}
          </Group>
        </Anchor>
      ) : (
        <Text size="sm">{t('documents.none')}</Text>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Group gap="xs">
        <FileButton onChange={choose} accept="application/pdf" resetRef={resetPicker}>
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={16} aria-hidden />} loading={upload.isPending}>
              {url ? t('documents.replace') : t('documents.upload')}
            </Button>
          )}
        </FileButton>
        {url && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => notifications.show({ color: 'green', message: t('documents.removed') }),
              })
            }
          >
            {t('documents.remove')}
          </Button>
        )}
      </Group>
    </SettingsSection>
  );
}
