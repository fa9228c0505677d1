import { Mark } from '@mantine/core';
import type { ProductSearchHit } from '@reprise/shared';
import { Fragment } from 'react';
import { highlightParts } from './highlight';

/** The hit's name with the matched parts marked. */
export function HighlightedName({ hit }: { hit: ProductSearchHit }) {
  return (
    <>
      {highlightParts(hit.name, hit.highlight.nameRanges).map((part, index) =>
        part.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reordered
          <Mark key={index} color="yellow">
            {part.text}
          </Mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reordered
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
