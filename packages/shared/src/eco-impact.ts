/**
 * The eco-impact of reuse (docs/eco-impact.md): the greenhouse gases a device given a second life
 * avoids, in grams of CO2 equivalent, per kind of device. The one place these factors live: the
 * weekly statistics (apps/server/src/modules/dashboard) and the dashboard read them from here.
 * A device's kind is its catalogue root category's identifier (`smartphones`, `laptops`, …).
 */
export const DEVICE_KINDS = [
  'smartphones',
  'tablets',
  'laptops',
  'consoles',
  'watches',
  'audio',
  'other',
] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** Grams of CO2e avoided when one device of the kind is reused instead of a new one made. */
export const CO2E_AVOIDED_GRAMS: Record<DeviceKind, number> = {
  smartphones: 30_000,
  tablets: 60_000,
  laptops: 150_000,
  consoles: 80_000,
  watches: 10_000,
  audio: 5_000,
  other: 20_000,
};

/**
 * The kind of a device from its root category's identifier: the kind it names, or starts with
 * (`smartphones-refurb` is a smartphone), else `other`.
 */
export function deviceKindOf(rootCategoryIdentifier: string | null | undefined): DeviceKind {
  if (!rootCategoryIdentifier) return 'other';
  const found = DEVICE_KINDS.find(
    (kind) =>
      kind !== 'other' && (rootCategoryIdentifier === kind || rootCategoryIdentifier.startsWith(`${kind}-`)),
  );
  return found ?? 'other';
}
