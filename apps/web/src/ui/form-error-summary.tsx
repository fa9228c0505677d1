import { Alert, Anchor, List } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface FormErrorSummaryProps {
  errors: FormErrors;
  /** Field labels by form path; errors of other paths are listed by their message alone. */
  labels?: Record<string, string>;
  /** Focuses the field in error when its entry is chosen, e.g. `(path) => form.getInputNode(path)?.focus()`. */
  onSelect?: (path: string) => void;
}

/** Lists a form's errors above it, announced to screen readers when they appear. */
export function FormErrorSummary({ errors, labels = {}, onSelect }: FormErrorSummaryProps) {
  const { t } = useTranslation('common');
  const entries = Object.entries(errors).filter(([, message]) => Boolean(message));
  if (entries.length === 0) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('form.errorSummary')} role="alert">
      <List size="sm" spacing={2}>
        {entries.map(([path, message]) => {
          const label = labels[path];
          const text = label ? t('form.fieldError', { field: label, message: String(message) }) : message;
          return (
            <List.Item key={path}>
              {label && onSelect ? (
                <Anchor component="button" type="button" size="sm" c="red.9" onClick={() => onSelect(path)}>
                  {text}
                </Anchor>
              ) : (
                text
              )}
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}
