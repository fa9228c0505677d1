import type { ItemResponse } from '@reprise/shared';
import type { TFunction } from 'i18next';

/** A stock's name: a native stock's in the interface language, another's as its warehouse named it. */
export function stockLabel(t: TFunction, stock: ItemResponse['stock']): string {
  if (!stock) return '—';
  return stock.nativeKind ? t(`warehouseCheckin:stock.${stock.nativeKind}`) : stock.name;
}
