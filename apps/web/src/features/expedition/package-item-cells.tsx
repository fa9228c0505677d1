import { Table, Text } from '@mantine/core';
import type { PackageItemResponse } from '@reprise/shared';

/**
 * The cells that name a packed item (its number, its buyback's, product, IMEI), in the packing and
 * confirmation tables: the two codes first, in sight on a handheld without scrolling sideways.
 */
export function PackageItemCells({ item }: { item: PackageItemResponse }) {
  return (
    <>
      <Table.Td>
        <Text ff="monospace" size="sm" fw={600}>
          {item.identificationNumber}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text ff="monospace" size="sm">
          {item.buyback.identificationNumber}
        </Text>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.productName}</Table.Td>
      <Table.Td>
        <Text ff="monospace" size="sm">
          {item.imei ?? '—'}
        </Text>
      </Table.Td>
    </>
  );
}
