import type { CarrierParcel } from '@reprise/shared';

const DEFAULT_PARCEL: CarrierParcel = { weightGrams: 500, lengthCm: 20, widthCm: 15, heightCm: 10 };

/** A buyback's parcel: the product's weight and size (or its category's defaults; cm and g), else a small parcel's. */
export function parcelOf(facts: {
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
}): CarrierParcel {
  const size = (value: number | null, fallback: number, max: number) =>
    value && value > 0 ? Math.min(Math.round(value), max) : fallback;
  return {
    weightGrams: size(facts.weight, DEFAULT_PARCEL.weightGrams, 70_000),
    lengthCm: size(facts.length, DEFAULT_PARCEL.lengthCm, 300),
    widthCm: size(facts.width, DEFAULT_PARCEL.widthCm, 300),
    heightCm: size(facts.height, DEFAULT_PARCEL.heightCm, 300),
  };
}
