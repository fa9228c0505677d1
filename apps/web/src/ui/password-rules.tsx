import { List, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { password } from '@reprise/shared';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The password rules, by the code the shared schema reports. */
const RULES = [
  'password_too_short',
  'password_needs_lowercase',
  'password_needs_uppercase',
  'password_needs_digit',
] as const;

const schema = password();

function brokenRules(value: string): Set<string> {
  const result = schema.safeParse(value);
  return new Set(result.success ? [] : result.error.issues.map((issue) => issue.message));
}

/** Shows, as the user types, which password rules are met (checked by the shared schema). */
export function PasswordRules({ value, id }: { value: string; id?: string }) {
  const { t } = useTranslation('common');
  const broken = brokenRules(value);
  return (
    <List id={id} size="sm" spacing={4} center aria-label={t('passwordRules.label')}>
      {RULES.map((rule) => {
        const met = !broken.has(rule);
        return (
          <List.Item
            key={rule}
            c={met ? 'green.8' : 'dimmed'}
            icon={
              <ThemeIcon
                size={18}
                radius="xl"
                color={met ? 'green' : 'gray'}
                variant={met ? 'filled' : 'light'}
              >
                {met ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
              </ThemeIcon>
            }
          >
            {t(`passwordRules.${rule}`)}
            <VisuallyHidden>{t(met ? 'passwordRules.met' : 'passwordRules.unmet')}</VisuallyHidden>
          </List.Item>
        );
      })}
    </List>
  );
}
