import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { WAREHOUSE_CODE_LENGTHS } from '@reprise/shared';
import { IconClipboardCheck, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { translateErrorCode } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { ApiError } from '../../lib/api';
import { useWedgeScanner } from '../buyback-wizard/use-wedge-scanner';
import { useStartControl } from './warehouse-control.queries';

const isWarehouseCode = (code: string) => (WAREHOUSE_CODE_LENGTHS as readonly number[]).includes(code.length);

/**
 * `/warehouse/check` (journeys.md section 2, warehouse control: search): the item's code, scanned
 * (a keyboard-wedge scanner types it and Enter) or typed, 8 or 13 characters. The control starts
 * (the item moves to awaiting compliancy tests) and its wizard opens; an error is said and the
 * field selected again for the next scan.
 */
export function ControlSearchPage() {
  const { t } = useTranslation('warehouseControl');
  usePageHeader({ title: t('search.title'), icon: IconClipboardCheck });
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const start = useStartControl();

  const refuse = (message: string) => {
    setError(message);
    // the next scan replaces the code
    requestAnimationFrame(() => inputRef.current?.select());
  };

  const submit = (value: string) => {
    const trimmed = value.trim();
    if (!isWarehouseCode(trimmed)) {
      refuse(translateErrorCode('code_length_invalid'));
      return;
    }
    setError(null);
    start.mutate(trimmed, {
      onSuccess: (item) => navigate(`/warehouse/check/${item.id}`),
      onError: (e) =>
        refuse(e instanceof ApiError ? translateErrorCode(e.code) : translateErrorCode('unknown')),
    });
  };

  // a scan while the focus is elsewhere on the page
  useWedgeScanner((scanned) => {
    setCode(scanned);
    inputRef.current?.focus();
    submit(scanned);
  }, !start.isPending);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(code);
  };

  return (
    <Stack gap="md" maw={720}>
      <Card withBorder padding="md" radius="md">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('search.help')}
            </Text>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                ref={inputRef}
                label={t('search.code')}
                description={t('search.codeHelp')}
                value={code}
                onChange={(event) => {
                  setCode(event.currentTarget.value);
                  setError(null);
                }}
                error={error}
                autoComplete="off"
                autoFocus
                maxLength={64}
                ff="monospace"
                style={{ flex: '1 1 240px' }}
                data-testid="control-code"
              />
              <Button
                type="submit"
                leftSection={<IconSearch size={18} aria-hidden />}
                loading={start.isPending}
              >
                {t('search.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
