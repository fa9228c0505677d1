import { NumberInput, type NumberInputProps, Text } from '@mantine/core';

/** A whole number with its unit (g, cm, %) shown after it; the schema reports values out of range. */
export function MeasureInput({ unit, ...props }: NumberInputProps & { unit: string }) {
  return (
    <NumberInput
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      hideControls
      inputMode="numeric"
      rightSection={
        <Text span size="sm" c="dimmed" aria-hidden>
          {unit}
        </Text>
      }
      {...props}
    />
  );
}
