import type { ProductSearchHit } from '@reprise/shared';

/** The parts of a name, marked where the search matched (ranges are UTF-16 offsets into the name). */
export function highlightParts(name: string, ranges: ProductSearchHit['highlight']['nameRanges']) {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const { start, end } of [...ranges].sort((a, b) => a.start - b.start)) {
    const from = Math.max(start, at);
    if (end <= from) continue;
    if (from > at) parts.push({ text: name.slice(at, from), marked: false });
    parts.push({ text: name.slice(from, end), marked: true });
    at = end;
  }
  if (at < name.length) parts.push({ text: name.slice(at), marked: false });
  return parts;
}
