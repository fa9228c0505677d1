import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

type FactsProps = Omit<TableProps, 'children'> & {
  /** Each row's label and value; a value left out shows a dash. */
  rows: [string, ReactNode][];
};

/**
 * Label and value rows (a two-column table reads well at 360 px and to screen readers). The other
 * props, `data-testid` included, go to the table.
 */
export function Facts({ rows, ...table }: FactsProps) {
  return (
    <Table variant="vertical" layout="fixed" verticalSpacing={6} {...table}>
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
