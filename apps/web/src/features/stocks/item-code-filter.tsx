import { TextInput } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../../app/errors';
import { useWedgeScanner } from '../buyback-wizard/use-wedge-scanner';
import { normaliseWarehouseCode } from '../warehouse-checkin/checkin-code';

/**
 * The code filter of `/items-stock`, scanner first (as features/warehouse-checkin/checkin-page.tsx):
 * it has the focus on load and after each scan; Enter (a keyboard-wedge scan, typed here or anywhere
 * on the page) filters the list on the code; a code of the wrong length is said in words and
 * selected, so that the next scan replaces it.
 */
export function ItemCodeFilter({ value, onCode }: { value: string; onCode: (code: string | null) => void }) {
  const { t } = useTranslation('stocks');
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
    // rendered at once, then selected in the same task: the next scan replaces the whole code
    flushSync(() => {
      setText('error' in normalised ? input.trim() : normalised.code);
      setError('error' in normalised ? translateErrorCode(normalised.error) : null);
    });
    inputRef.current?.focus();
    inputRef.current?.select();
    if (!('error' in normalised)) onCode(normalised.code);
  };
  useWedgeScanner(submit);

  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit(text);
      }}
    >
      <TextInput
        ref={inputRef}
        label={t('items.filters.code')}
        description={t('items.filters.codeHelp')}
        leftSection={<IconScan size={16} aria-hidden />}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          if (error) setError(null);
        }}
        error={error}
        autoFocus
        autoComplete="off"
        inputMode="numeric"
        maxLength={32}
        ff="monospace"
        data-testid="items-stock-code"
      />
    </form>
  );
}
