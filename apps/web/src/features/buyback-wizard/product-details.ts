const normalise = (text: string) => text.trim().toLocaleLowerCase();

/**
 * The details shown under a product's name, each once and none the name already says
 * ("Apple iPhone 11" with brand Apple and category Apple shows no "Apple · Apple").
 */
export function productDetails(name: string, parts: readonly (string | null | undefined)[]): string {
  const inName = normalise(name);
  const shown: string[] = [];
  for (const part of parts) {
    const text = part?.trim();
    if (!text || inName.includes(normalise(text))) continue;
    if (shown.some((other) => normalise(other) === normalise(text))) continue;
    shown.push(text);
  }
  return shown.join(' · ');
}
