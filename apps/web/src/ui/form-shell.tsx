import { Alert, Button, Group, Stack } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
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

export interface FormShellProps<Values> {
  form: ShellForm<Values>;
  /** Field labels by form path, for the error summary. */
  labels: Record<string, string>;
  onSubmit: (values: Values) => void;
  submitLabel: string;
  submitting?: boolean;
  /** The note shown above a form the user may read but not change; the form is editable without it. */
  readOnlyNote?: string | null;
  /** Where cancel (or back, when read-only) leads, with its two labels. */
  cancel: { to: string; label: string; backLabel: string };
  /** Shown between the fields and the buttons (e.g. the audit of the record). */
  footer?: ReactNode;
  /** Shown at the start of the buttons' row (e.g. a badge summing up the record). */
  extraActions?: ReactNode;
  /** The form's width, in px. */
  maxWidth?: number;
  children: ReactNode;
}

/**
 * The frame every create and edit form shares: no native validation, the summary of the errors
 * once a save was attempted (each entry focuses its field), the first field in error focused,
 * the read-only note, and cancel and save at the end.
 */
export function FormShell<Values>({
  form,
  labels,
  onSubmit,
  submitLabel,
  submitting = false,
  readOnlyNote = null,
  cancel,
  footer,
  extraActions,
  maxWidth = 1100,
  children,
}: FormShellProps<Values>) {
  const [attempted, setAttempted] = useState(false);
  const readOnly = readOnlyNote !== null;
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
            {readOnlyNote}
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
          <Button component={Link} to={cancel.to} variant="default">
            {readOnly ? cancel.backLabel : cancel.label}
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
