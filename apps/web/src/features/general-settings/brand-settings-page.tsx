import {
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  DEVICE_CHECK_FLAGGED_ACTIONS,
  type OrganizationRootDetailResponse,
  type PolicyFile,
} from '@reprise/shared';
import { IconDeviceFloppy, IconServer, IconWorldWww } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session';
import { PageLoader } from '../../ui/page-loader';
import { SettingsSection } from '../../ui/section';
import { usePremiumFeature } from '../settings';
import { OtherAccountNotice } from './other-account-notice';
import { PolicyFileCard } from './policy-file-card';
import { PremiumFeaturesCard } from './premium-features-card';
import { brandRequestOf, brandValuesOf } from './settings-values';
import { useGeneralSettingsPage, useRootDetailForm } from './use-root-detail-form';

const LONG_TEXT_MAX = 5000;

/**
 * `/settings/tim/general`: the brand module's general settings of the user's account: contacts,
 * the policy files, the user experience, and the way to the white-label site and SFTP settings.
 */
export function BrandSettingsPage() {
  const { t } = useTranslation('generalSettings');
  const { account, chosen, detail } = useGeneralSettingsPage(t('brand.title'));
  if (!detail.data || !account) return <PageLoader />;
  return (
    <Stack gap="lg" maw={1100}>
      {chosen && <OtherAccountNotice name={account.name} />}
      <Text c="dimmed">{t('brand.intro')}</Text>
      <BrandForm detail={detail.data} currency={account.currency} />
      <PolicyFiles detail={detail.data} />
      <SiteLinks isRetailer={account.isRetailer} />
      <PremiumFeaturesCard enabled={detail.data.enabledPremiumFeatures} />
    </Stack>
  );
}

function BrandForm({ detail, currency }: { detail: OrganizationRootDetailResponse; currency: string }) {
  const { t } = useTranslation('generalSettings');
  const { form, submit, saving } = useRootDetailForm(detail, brandValuesOf, brandRequestOf);
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="lg">
        <SettingsSection title={t('brand.contacts')} gap="md">
          <TextInput
            label={t('field.sellerSupportEmail')}
            description={t('help.sellerSupportEmail')}
            type="email"
            maw={480}
            {...form.getInputProps('sellerSupportEmail')}
          />
        </SettingsSection>
        <SettingsSection title={t('brand.experience')} gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Switch
              label={t('field.categoryNavigationEnabled')}
              description={t('help.categoryNavigationEnabled')}
              {...form.getInputProps('categoryNavigationEnabled', { type: 'checkbox' })}
            />
            <Switch
              label={t('field.customerIdentityDocumentRequired')}
              description={t('help.customerIdentityDocumentRequired')}
              {...form.getInputProps('customerIdentityDocumentRequired', { type: 'checkbox' })}
            />
            <Switch
              label={t('field.barCodeEnabled')}
              description={t('help.barCodeEnabled')}
              {...form.getInputProps('barCodeEnabled', { type: 'checkbox' })}
            />
            <Switch
              label={t('field.tagPriceEnabled')}
              description={t('help.tagPriceEnabled')}
              {...form.getInputProps('tagPriceEnabled', { type: 'checkbox' })}
            />
            <Select
              label={t('field.deviceCheckFlaggedAction')}
              description={t('help.deviceCheckFlaggedAction')}
              data={DEVICE_CHECK_FLAGGED_ACTIONS.map((value) => ({
                value,
                label: t(`deviceCheckFlaggedAction.${value}`),
              }))}
              allowDeselect={false}
              data-testid="device-check-flagged-action"
              {...form.getInputProps('deviceCheckFlaggedAction')}
            />
            <Switch
              label={t('field.deviceCheckOutageBlocks')}
              description={t('help.deviceCheckOutageBlocks')}
              {...form.getInputProps('deviceCheckOutageBlocks', { type: 'checkbox' })}
            />
          </SimpleGrid>
          <NumberInput
            label={t('field.cartMinValue', { currency })}
            description={t('help.cartMinValue')}
            min={0}
            step={1}
            maw={280}
            rightSection={<Text size="sm">{currency}</Text>}
            {...form.getInputProps('cartMinValue')}
          />
          <NumberInput
            label={t('field.trackingLinkDaysAfterEnd')}
            description={t('help.trackingLinkDaysAfterEnd')}
            min={1}
            max={3650}
            step={1}
            maw={280}
            {...form.getInputProps('trackingLinkDaysAfterEnd')}
          />
          <Textarea
            label={t('field.buybackZeroDescription')}
            description={t('help.buybackZeroDescription')}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={LONG_TEXT_MAX}
            {...form.getInputProps('buybackZeroDescription')}
          />
          <Textarea
            label={t('field.noSearchResultDescription')}
            description={t('help.noSearchResultDescription')}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={LONG_TEXT_MAX}
            {...form.getInputProps('noSearchResultDescription')}
          />
        </SettingsSection>
        <Group>
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            loading={saving}
            disabled={!form.isDirty()}
          >
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const FILES: {
  document: PolicyFile;
  url: keyof OrganizationRootDetailResponse;
  text: keyof OrganizationRootDetailResponse;
}[] = [
  { document: 'eula', url: 'eulaFile', text: 'eula' },
  { document: 'service-terms', url: 'serviceTermsFile', text: 'serviceTerms' },
  { document: 'faq-and-contact', url: 'faqAndContactFile', text: 'faqAndContact' },
];

function PolicyFiles({ detail }: { detail: OrganizationRootDetailResponse }) {
  const { t } = useTranslation('generalSettings');
  const titleId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('files.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('files.help')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {FILES.map(({ document, url, text }) => (
          <PolicyFileCard
            key={document}
            accountId={detail.accountId}
            detailId={detail.id}
            document={document}
            url={detail[url] as string | null}
            hasText={Boolean(detail[text])}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The white-label site and the SFTP access have screens of their own: this card leads there. */
function SiteLinks({ isRetailer }: { isRetailer: boolean }) {
  const { t } = useTranslation('generalSettings');
  const { can } = useSession();
  const sftp = usePremiumFeature('sftp_access');
  const site = isRetailer && can('design');
  return (
    <SettingsSection title={t('brand.site')} gap="sm">
      <Text size="sm" c="dimmed">
        {t('brand.siteHelp')}
      </Text>
      <Group gap="sm">
        {site && (
          <Button
            component={Link}
            to="/white-label/site"
            variant="light"
            leftSection={<IconWorldWww size={16} aria-hidden />}
          >
            {t('brand.siteLink')}
          </Button>
        )}
        {sftp.enabled && (
          <Button
            component={Link}
            to="/settings/sftp"
            variant="light"
            leftSection={<IconServer size={16} aria-hidden />}
          >
            {t('brand.sftpLink')}
          </Button>
        )}
      </Group>
      {!site && !sftp.enabled && <Alert color="gray">{t('brand.noSite')}</Alert>}
    </SettingsSection>
  );
}
