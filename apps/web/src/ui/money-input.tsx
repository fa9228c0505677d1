import { NumberInput, type NumberInputProps, Text, VisuallyHidden } from '@mantine/core';
import { useMemo } from 'react';
import { useFormatters } from '../app/use-formatters';
import { moneyInputFormat } from './money';

/** An amount in the account's currency, typed in units (the form converts it to cents). */
export function MoneyInput({ label, ...props }: Omit<NumberInputProps, 'decimalScale' | 'decimalSeparator'>) {
  const { locale, currency } = useFormatters();
  const format = useMemo(() => moneyInputFormat(locale, currency), [locale, currency]);
  const symbol = (
    <Text span size="sm" c="dimmed" aria-hidden>
      {format.symbol}
    </Text>
  );
  return (
    <NumberInput
      label={
        label && (
          <>
            {label}
            <VisuallyHidden>{` (${currency})`}</VisuallyHidden>
          </>
        )
      }
      decimalScale={2}
      decimalSeparator={format.decimalSeparator}
      allowNegative={false}
      clampBehavior="none"
      hideControls
      inputMode="decimal"
      {...(format.symbolFirst ? { leftSection: symbol } : { rightSection: symbol })}
      {...props}
    />
  );
}
