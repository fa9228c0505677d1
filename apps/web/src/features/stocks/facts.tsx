import { Card, Table, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** Label and value rows (a two-column table reads well at 360 px and to screen readers). */
export function Facts({ rows, testId }: { rows: [string, ReactNode][]; testId?: string }) {
  return (
    <Table variant="vertical" layout="fixed" verticalSpacing={6} data-testid={testId}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w="40%" style={{ overflowWrap: 'anywhere' }}>
              {label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A titled card of the item page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h5" mb="xs" id={id}>
        {title}
      </Title>
      {children}
    </Card>
  );
}
