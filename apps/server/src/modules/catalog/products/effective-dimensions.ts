/** A product's own dimension or weight, else its main category's default, else the nearest ancestor's. */

export interface Dimensions {
  length: number | null;
  width: number | null;
  height: number | null;
  weight: number | null;
}

/** `chain` is the main category first, then its ancestors up to the root. */
export function effectiveDimensions(own: Dimensions, chain: readonly Dimensions[]): Dimensions {
  const inherit = (key: keyof Dimensions) => {
    if (own[key] !== null) return own[key];
    for (const category of chain) if (category[key] !== null) return category[key];
    return null;
  };
  return {
    length: inherit('length'),
    width: inherit('width'),
    height: inherit('height'),
    weight: inherit('weight'),
  };
}
