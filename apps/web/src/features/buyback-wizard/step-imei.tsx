import { Alert, Button, Group, List, Stack, TextInput } from '@mantine/core';
import type { DeviceCheckResponse } from '@reprise/shared';
import { IconAlertTriangle, IconDeviceMobile, IconShieldX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ImeiCheck } from '../../lib/imei';
import { translateViolation } from '../../ui/forms';
import type { WizardDraft } from './wizard-model';

interface StepImeiProps {
  draft: WizardDraft;
  check: ImeiCheck;
  /** The seller pressed Next: errors and warnings show from then on. */
  attempted: boolean;
  onChange: (draft: WizardDraft) => void;
  /** Continue anyway after the warning. */
  onAcceptWarning: () => void;
  /** The stolen-device check of the IMEI (docs/device-check.md), once answered. */
  deviceCheck?: DeviceCheckResponse | undefined;
}

/** What the stolen-device check says of the IMEI: a warning (lost or stolen), or the refusal the account's settings ask. */
function DeviceCheckNotice({ check }: { check: DeviceCheckResponse }) {
  const { t } = useTranslation('buybackWizard');
  if (check.action === 'none') return null;
  const flagged = check.result === 'lost' || check.result === 'stolen';
  const reason = flagged ? t(`deviceCheck.result.${check.result}`) : t('deviceCheck.unavailable');
  return check.action === 'block' ? (
    <Alert
      color="red"
      icon={<IconShieldX aria-hidden />}
      title={t('deviceCheck.blockedTitle')}
      role="alert"
      data-testid="device-check-blocked"
    >
      {reason} {t('deviceCheck.blocked')}
    </Alert>
  ) : (
    <Alert
      color="orange"
      icon={<IconShieldX aria-hidden />}
      title={t('deviceCheck.warningTitle')}
      role="alert"
      data-testid="device-check-warning"
    >
      {reason} {t('deviceCheck.warning')}
    </Alert>
  );
}

/**
 * The IMEI of the device (products that collect it): 15 to 17 digits. A TAC that is none of the
 * product's, or a wrong check digit, is a warning the seller may overrule.
 */
export function StepImei({ draft, check, attempted, onChange, onAcceptWarning, deviceCheck }: StepImeiProps) {
  const { t } = useTranslation('buybackWizard');
  const blocked = deviceCheck?.action === 'block';
  const showWarning =
    attempted && check.valid && check.warnings.length > 0 && !draft.imeiWarningAccepted && !blocked;
  return (
    <Stack gap="md">
      <TextInput
        size="md"
        label={t('imei.label')}
        description={t('imei.help')}
        leftSection={<IconDeviceMobile size={18} aria-hidden />}
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        required
        value={draft.imei}
        onChange={(event) =>
          onChange({ ...draft, imei: event.currentTarget.value, imeiWarningAccepted: false })
        }
        error={attempted && check.error ? translateViolation(check.error) : undefined}
        data-testid="imei-input"
      />
      {deviceCheck && <DeviceCheckNotice check={deviceCheck} />}
      {showWarning && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('imei.warningTitle')}
          role="alert"
          data-testid="imei-warning"
        >
          <Stack gap="sm">
            <List size="sm">
              {check.warnings.map((warning) => (
                <List.Item key={warning}>{t(`imei.warning.${warning}`)}</List.Item>
              ))}
            </List>
            <Group gap="xs">
              <Button size="sm" color="yellow" variant="filled" onClick={onAcceptWarning}>
                {t('imei.continueAnyway')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
