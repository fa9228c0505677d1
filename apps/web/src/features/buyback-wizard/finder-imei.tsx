import { ActionIcon, Stack, TextInput } from '@mantine/core';
import type { ProductSearchHit } from '@reprise/shared';
import { IconDeviceMobile, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isImeiTyped, normaliseImei } from '../../lib/imei';
import { translateViolation } from '../../ui/forms';
import { useProductSearch } from '../catalog';
import { ProductChoiceList } from './product-choice-list';

/**
 * By IMEI: 15 to 17 digits; the search finds the products whose TAC codes hold its first 8 digits.
 * The IMEI goes on to the product's IMEI step, where its check digit and TAC are verified.
 */
export function FinderImei({
  onChoose,
  autoFocus,
}: {
  onChoose: (hit: ProductSearchHit, imei: string) => void;
  autoFocus: boolean;
}) {
  const { t } = useTranslation('buybackWizard');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [imei, setImei] = useState('');
  const search = useProductSearch(imei, [], imei !== '');

  // A single product found by its TAC: straight to it.
  const pages = search.data?.pages;
  const only = pages?.length === 1 && pages[0]?.member.length === 1 ? pages[0].member[0] : undefined;
  useEffect(() => {
    if (imei && only && !search.isFetching) onChoose(only, imei);
  }, [imei, only, search.isFetching, onChoose]);

  const submit = () => {
    const value = normaliseImei(text);
    if (!isImeiTyped(value)) {
      setError(translateViolation(value === '' ? 'required' : 'imei_invalid'));
      return;
    }
    setError(null);
    setImei(value);
  };

  return (
    <Stack gap="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <TextInput
          size="md"
          label={t('finder.imei.label')}
          description={t('finder.imei.help')}
          placeholder="356938035643809"
          leftSection={<IconDeviceMobile size={18} aria-hidden />}
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={error}
          autoFocus={autoFocus}
          rightSectionWidth={44}
          rightSection={
            <ActionIcon type="submit" size="lg" aria-label={t('finder.search')}>
              <IconSearch size={18} aria-hidden />
            </ActionIcon>
          }
        />
      </form>
      {imei && (
        <ProductChoiceList
          search={search}
          onChoose={(hit) => onChoose(hit, imei)}
          emptyTitle={t('finder.imei.noMatch')}
          emptyDescription={t('finder.imei.noMatchHelp')}
        />
      )}
    </Stack>
  );
}
