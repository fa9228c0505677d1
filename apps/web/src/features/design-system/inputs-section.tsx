import { PasswordInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorSummary } from '../../ui/form-error-summary';
import { translateViolation } from '../../ui/forms';
import { PasswordRules } from '../../ui/password-rules';
import { ShowcaseSection } from './showcase-section';

export function InputsSection() {
  const { t } = useTranslation(['designSystem', 'common']);
  const [password, setPassword] = useState('');
  const errors = { email: translateViolation('invalid_email'), name: translateViolation('too_short') };
  return (
    <ShowcaseSection id="ds-inputs" title={t('inputs.title')} description={t('inputs.description')}>
      <FormErrorSummary errors={errors} labels={{ email: t('inputs.email'), name: t('inputs.name') }} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('inputs.name')}
          description={t('inputs.nameHelp')}
          required
          defaultValue={t('inputs.nameValue')}
          error={errors.name}
        />
        <TextInput
          label={t('inputs.email')}
          type="email"
          defaultValue={t('inputs.emailValue')}
          error={errors.email}
        />
        <TextInput label={t('inputs.disabled')} disabled defaultValue={t('inputs.disabledValue')} />
        <Select
          label={t('inputs.status')}
          data={[
            { value: 'active', label: t('common:status.active') },
            { value: 'inactive', label: t('common:status.inactive') },
          ]}
          defaultValue="active"
          allowDeselect={false}
        />
        <Stack gap="xs">
          <PasswordInput
            label={t('inputs.password')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            aria-describedby="ds-password-rules"
            autoComplete="new-password"
          />
          <PasswordRules id="ds-password-rules" value={password} />
        </Stack>
        <Switch label={t('inputs.switch')} defaultChecked />
      </SimpleGrid>
    </ShowcaseSection>
  );
}
