import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

interface SimpleTableProps {
  /** The columns' headers, in order. */
  headers: readonly ReactNode[];
  /** The width under which the table scrolls sideways, in px. */
  minWidth: number;
  caption?: ReactNode;
  testId?: string;
  /** The rows (`Table.Tr`). */
  children: ReactNode;
}

/** A striped table of a screen's rows (not a paged list: that is a DataTable), scrolling sideways when narrow. */
export function SimpleTable({ headers, minWidth, caption, testId, children }: SimpleTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped verticalSpacing="xs" data-testid={testId}>
        {caption && <Table.Caption>{caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {headers.map((header, index) => (
              // the headers are fixed for the table's life: their place is their key
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Table.Th key={index} scope="col">
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
