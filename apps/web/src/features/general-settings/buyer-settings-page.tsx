import { Alert, Button, Group, Radio, Stack, Switch, Text } from '@mantine/core';
import { type OrganizationRootDetailResponse, WAREHOUSE_CHECKIN_REQUIREMENTS } from '@reprise/shared';
import { IconAlertTriangle, IconBuildingBank, IconDeviceFloppy, IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../ui/page-loader';
import { SettingsSection } from '../../ui/section';
import { useBuyerPaymentFeatures } from './general-settings.queries';
import { OtherAccountNotice } from './other-account-notice';
import { PremiumFeaturesCard } from './premium-features-card';
import { buyerRequestOf, buyerValuesOf } from './settings-values';
import { useGeneralSettingsPage, useRootDetailForm } from './use-root-detail-form';

/**
 * `/settings/lcm/general`: the buyer module's general settings of the user's account: the rules of
 * the warehouse control comment, the check-in requirement, the buyer payment; premium features read only.
 */
export function BuyerSettingsPage() {
  const { t } = useTranslation('generalSettings');
  const { account, chosen, detail } = useGeneralSettingsPage(t('buyer.title'));
  if (!detail.data || !account) return <PageLoader />;
  return (
    <Stack gap="lg" maw={900}>
      {chosen && <OtherAccountNotice name={account.name} />}
      <Text c="dimmed">{t('buyer.intro')}</Text>
      <BuyerForm detail={detail.data} />
      <PremiumFeaturesCard enabled={detail.data.enabledPremiumFeatures} />
    </Stack>
  );
}

function BuyerForm({ detail }: { detail: OrganizationRootDetailResponse }) {
  const { t } = useTranslation('generalSettings');
  const { form, submit, saving } = useRootDetailForm(detail, buyerValuesOf, buyerRequestOf);
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="lg">
        <SettingsSection title={t('buyer.comments')} gap="md">
          <Switch
            label={t('field.isWarehouseCommentMandatory')}
            description={t('help.isWarehouseCommentMandatory')}
            {...form.getInputProps('isWarehouseCommentMandatory', { type: 'checkbox' })}
          />
          <Switch
            label={t('field.isWarehouseCommentSharedToClient')}
            description={t('help.isWarehouseCommentSharedToClient')}
            {...form.getInputProps('isWarehouseCommentSharedToClient', { type: 'checkbox' })}
          />
        </SettingsSection>
        <SettingsSection title={t('buyer.checkin')} gap="md">
          <Radio.Group
            label={t('field.warehouseCheckinRequirement')}
            description={t('help.warehouseCheckinRequirement')}
            {...form.getInputProps('warehouseCheckinRequirement')}
          >
            <Stack gap="xs" mt="xs">
              {WAREHOUSE_CHECKIN_REQUIREMENTS.map((requirement) => (
                <Radio
                  key={requirement}
                  value={requirement}
                  label={t(`checkin.${requirement}`)}
                  description={t(`checkin.${requirement}Help`)}
                />
              ))}
            </Stack>
          </Radio.Group>
          {form.values.warehouseCheckinRequirement === 'disabled' && (
            <Alert color="yellow" icon={<IconEyeOff aria-hidden />}>
              {t('checkin.disabledNotice')}
            </Alert>
          )}
        </SettingsSection>
        <SettingsSection title={t('buyer.payment')} gap="md">
          <Switch
            label={t('field.buyerPaymentEnabled')}
            description={t('help.buyerPaymentEnabled')}
            {...form.getInputProps('buyerPaymentEnabled', { type: 'checkbox' })}
          />
          {detail.buyerPaymentEnabled && <BuyerPaymentNotice accountId={detail.accountId} />}
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

/** What the saved buyer payment does now: the account pays, or its transfers fail for want of a SEPA configuration. */
function BuyerPaymentNotice({ accountId }: { accountId: string }) {
  const { t } = useTranslation('generalSettings');
  const features = useBuyerPaymentFeatures(accountId);
  if (!features.data) return null;
  return features.data.available ? (
    <Alert color="teal" icon={<IconBuildingBank aria-hidden />}>
      {t('buyer.paymentAvailable')}
    </Alert>
  ) : (
    <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>
      {t('buyer.paymentNoConnector')}
    </Alert>
  );
}
