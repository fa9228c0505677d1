import { Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ProductSearchHit } from '@reprise/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductSearch } from '../catalog';
import { ProductChoiceList } from './product-choice-list';

/** By keyword: the catalogue search (typos tolerated; an EAN, a reference or a TAC works too). */
export function FinderKeyword({
  onChoose,
  autoFocus,
}: {
  onChoose: (hit: ProductSearchHit) => void;
  autoFocus: boolean;
}) {
  const { t } = useTranslation('buybackWizard');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const search = useProductSearch(q, [], q.length >= 2);
  return (
    <Stack gap="md">
      <TextInput
        type="search"
        size="md"
        label={t('finder.keyword.label')}
        description={t('finder.keyword.help')}
        placeholder={t('finder.keyword.placeholder')}
        leftSection={<IconSearch size={18} aria-hidden />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autoComplete="off"
        autoFocus={autoFocus}
      />
      {q.length >= 2 && (
        <ProductChoiceList
          search={search}
          onChoose={onChoose}
          emptyTitle={t('finder.noMatch')}
          emptyDescription={t('finder.noMatchHelp')}
        />
      )}
    </Stack>
  );
}
