import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { errorFromException, translateErrorCode } from '../../app/errors';
import { useWedgeScanner } from '../buyback-wizard/use-wedge-scanner';
import { normaliseWarehouseCode } from './checkin-code';

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

  // a scan while the focus is elsewhere on the page
  useWedgeScanner((scanned) => {
    setCode(scanned);
    inputRef.current?.focus();
    submit(scanned);
  }, !props.pending);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(code);
  };

  return (
    <Card withBorder padding="md" radius="md">
      <form onSubmit={onSubmit} noValidate aria-busy={props.pending}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {props.help}
          </Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              ref={inputRef}
              label={props.label}
              description={props.description}
              value={code}
              onChange={(event) => {
                setCode(event.currentTarget.value);
                setError(null);
              }}
              error={error ? translateErrorCode(error.code) : undefined}
              autoComplete="off"
              autoFocus
              inputMode="numeric"
              maxLength={64}
              ff="monospace"
              style={{ flex: '1 1 240px' }}
              data-testid={props.testId}
            />
            <Button type="submit" leftSection={props.submitIcon} loading={props.pending}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
