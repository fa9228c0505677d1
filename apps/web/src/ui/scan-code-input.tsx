import { Button, Card, Group, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, type Ref, type RefObject, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { errorFromException, translateErrorCode } from '../app/errors';
import { normaliseWarehouseCode } from './scan-code';
import { useWedgeScanner } from './use-wedge-scanner';

export { normaliseWarehouseCode } from './scan-code';

export interface ScanCodeInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  inputRef: Ref<HTMLInputElement>;
  value: string;
  /** A key typed into the field. */
  onValueChange: (value: string) => void;
  /** A keyboard-wedge scan while the focus is elsewhere on the page (a scan into the field submits its form). */
  onScan?: (code: string) => void;
  /** Whether a scan elsewhere on the page is listened for (default: while `onScan` is given). */
  scanEnabled?: boolean;
  /** The element that says the error, when the field itself only marks it (`error={true}`). */
  errorId?: string;
}

const noScan = () => {};

/**
 * The code field of every scanner screen (check-in, control, quarantine, packing, verification,
 * items in stock, refurbishment): focused on load, digits on a phone's keyboard, monospace, no
 * autocomplete; a keyboard-wedge scan wherever the focus is goes to `onScan`.
 */
export function ScanCodeInput({
  inputRef,
  value,
  onValueChange,
  onScan,
  scanEnabled = true,
  errorId,
  ...props
}: ScanCodeInputProps) {
  useWedgeScanner(onScan ?? noScan, Boolean(onScan) && scanEnabled);
  return (
    <TextInput
      ref={inputRef}
      value={value}
      onChange={(event) => onValueChange(event.currentTarget.value)}
      autoComplete="off"
      autoFocus
      inputMode="numeric"
      maxLength={32}
      ff="monospace"
      {...(errorId ? { 'aria-describedby': props.error ? errorId : undefined } : {})}
      {...props}
    />
  );
}

/**
 * Focuses the field and selects its text once the current render is on screen, in the same task:
 * the next scan, however soon it comes, replaces the whole code (a selection made a frame later
 * would cut into it).
 */
export function selectNow(inputRef: RefObject<HTMLInputElement | null>, render: () => void): void {
  flushSync(render);
  inputRef.current?.focus();
  inputRef.current?.select();
}

export interface ScanCodeFilterProps {
  value: string;
  onCode: (code: string | null) => void;
  label: string;
  description: string;
  testId: string;
}

/**
 * The code filter of a list, scanner first: it has the focus on load and after each scan; a
 * keyboard-wedge scan (the code and Enter, typed here or anywhere on the page) filters the list on
 * it; an empty field clears the filter; a code of the wrong length is said in words and selected,
 * so that the next scan replaces it.
 */
export function ScanCodeFilter({ value, onCode, label, description, testId }: ScanCodeFilterProps) {
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // the address changed by other means (clear button, back button): show its code
  useEffect(() => setText(value), [value]);

  const submit = (input: string) => {
    if (input.trim() === '') {
      setError(null);
      onCode(null);
      return;
    }
    const normalised = normaliseWarehouseCode(input);
    selectNow(inputRef, () => {
      setText('error' in normalised ? input.trim() : normalised.code);
      setError('error' in normalised ? translateErrorCode(normalised.error) : null);
    });
    if (!('error' in normalised)) onCode(normalised.code);
  };

  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit(text);
      }}
    >
      <ScanCodeInput
        inputRef={inputRef}
        label={label}
        description={description}
        leftSection={<IconScan size={16} aria-hidden />}
        value={text}
        onValueChange={(next) => {
          setText(next);
          if (error) setError(null);
        }}
        onScan={submit}
        error={error}
        data-testid={testId}
      />
    </form>
  );
}

/**
 * The card of a scanner screen's form: its help, what else the screen says above the field, then
 * the field and its button on one line (wrapping on a narrow screen).
 */
export function ScanCodeForm(props: {
  help: ReactNode;
  onSubmit: (event: FormEvent) => void;
  busy?: boolean;
  /** Said between the help and the field. */
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" radius="md">
      <form onSubmit={props.onSubmit} noValidate aria-busy={props.busy}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {props.help}
          </Text>
          {props.notice}
          <Group align="flex-end" gap="sm" wrap="wrap">
            {props.children}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export interface ScanCodeCardProps {
  help: string;
  label: string;
  description: string;
  submitLabel: string;
  submitIcon: ReactNode;
  testId: string;
  pending: boolean;
  /** Sends a warehouse code (8 or 13 characters, spaces removed); a failure is said under the field. */
  onCode: (code: string) => Promise<unknown>;
}

/**
 * The scanner-first card of the warehouse screens that start from an item's code (the control,
 * the refurbishment diagnosis, the services to run): focused on load, a keyboard-wedge scan works
 * wherever the focus is, Enter submits, a code of another length is refused before asking the
 * server, and a refusal is said under the field with the code selected for the next scan.
 */
export function ScanCodeCard(props: ScanCodeCardProps) {
  const [code, setCode] = useState('');
  // the time makes the same refusal twice a new one: the code is selected again
  const [error, setError] = useState<{ code: string; at: number } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // a refused code is selected once said: the next scan replaces it
  useEffect(() => {
    if (error) inputRef.current?.select();
  }, [error]);

  const refuse = (errorCode: string) => setError({ code: errorCode, at: Date.now() });

  const submit = (value: string) => {
    const normalised = normaliseWarehouseCode(value);
    if ('error' in normalised) {
      refuse(normalised.error);
      return;
    }
    setError(null);
    props.onCode(normalised.code).catch((e: unknown) => refuse(errorFromException(e).code));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(code);
  };

  return (
    <ScanCodeForm help={props.help} onSubmit={onSubmit} busy={props.pending}>
      <ScanCodeInput
        inputRef={inputRef}
        label={props.label}
        description={props.description}
        value={code}
        onValueChange={(next) => {
          setCode(next);
          setError(null);
        }}
        // a scan while the focus is elsewhere on the page
        onScan={(scanned) => {
          setCode(scanned);
          inputRef.current?.focus();
          submit(scanned);
        }}
        scanEnabled={!props.pending}
        error={error ? translateErrorCode(error.code) : undefined}
        maxLength={64}
        style={{ flex: '1 1 240px' }}
        data-testid={props.testId}
      />
      <Button type="submit" leftSection={props.submitIcon} loading={props.pending}>
        {props.submitLabel}
      </Button>
    </ScanCodeForm>
  );
}
