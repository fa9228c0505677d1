import { Alert, Button, Group, Stack } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormErrorSummary } from './form-error-summary';

/** What the shell needs of a Mantine form. */
interface ShellForm<Values> {
  errors: FormErrors;
  getInputNode(path: string): HTMLElement | null;
  onSubmit(
    handleSubmit: (values: Values) => void,
    handleValidationFailure?: (errors: FormErrors) => void,
  ): (event?: React.FormEvent<HTMLFormElement>) => void;
}

/** What a create or edit screen hands its form view, for the shell: how to save. */
export interface FormViewProps<Values> {
  onSubmit: (values: Values) => void;
  submitLabel: string;
  submitting?: boolean;
  /** The user may read the form but not change it. */
  readOnly?: boolean;
  /** Shown between the fields and the buttons (e.g. the audit of the record). */
  footer?: ReactNode;
}

export interface FormShellProps<Values> extends Omit<FormViewProps<Values>, 'readOnly'> {
  form: ShellForm<Values>;
  /** Field labels by form path, for the error summary. */
  labels: Record<string, string>;
  /**
   * The form's translation namespace: the shell says its `{keyPrefix}.cancel`, `{keyPrefix}.back`
   * (cancel, on a read-only form) and `{keyPrefix}.readOnly` (the note above a read-only form).
   */
  ns: string;
  keyPrefix?: string;
  /** The form is read-only: true, or why (the note is then `{keyPrefix}.readOnly.{why}`). */
  readOnly?: boolean | string;
  /** Where cancel (or back, when read-only) leads. */
  cancelTo: string;
  /** Shown at the start of the buttons' row (e.g. a badge summing up the record). */
  extraActions?: ReactNode;
  /** The form's width, in px. */
  maxWidth?: number;
  children: ReactNode;
}

/**
 * The frame every create and edit form shares: no native validation, the summary of the errors
 * once a save was attempted (each entry focuses its field), the first field in error focused,
 * the read-only note, and cancel (back, on a read-only form) and save at the end, in the form's words.
 */
export function FormShell<Values>({
  form,
  labels,
  onSubmit,
  submitLabel,
  submitting = false,
  ns,
  keyPrefix = 'form',
  readOnly = false,
  cancelTo,
  footer,
  extraActions,
  maxWidth = 1100,
  children,
}: FormShellProps<Values>) {
  const { t } = useTranslation(ns);
  const [attempted, setAttempted] = useState(false);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) => {
          setAttempted(true);
          onSubmit(values);
        },
        (errors) => {
          setAttempted(true);
          focusFirstError(form, errors);
        },
      )}
    >
      <Stack gap="lg" maw={maxWidth}>
        {readOnly && (
          <Alert color="blue" icon={<IconInfoCircle aria-hidden />} role="note">
            {t(typeof readOnly === 'string' ? `${keyPrefix}.readOnly.${readOnly}` : `${keyPrefix}.readOnly`)}
          </Alert>
        )}
        {attempted && (
          <FormErrorSummary
            errors={form.errors}
            labels={labels}
            onSelect={(path) => form.getInputNode(path)?.focus()}
          />
        )}
        {children}
        {footer}
        <Group justify="flex-end">
          {extraActions}
          <Button component={Link} to={cancelTo} variant="default">
            {t(readOnly ? `${keyPrefix}.back` : `${keyPrefix}.cancel`)}
          </Button>
          {!readOnly && (
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** Focuses the first field in error, in page order (keyboard and screen-reader users land on it). */
export function focusFirstError(
  form: { getInputNode(path: string): HTMLElement | null },
  errors: FormErrors,
): void {
  const fields = Object.keys(errors)
    .map((path) => form.getInputNode(path))
    .filter((node): node is HTMLElement => node !== null);
  const first = fields.sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  )[0];
  first?.focus();
}
