import { Stack } from '@mantine/core';
import { IconSearch, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { ScanCodeCard } from '../../ui/scan-code-input';
import { useSearchRefurbItem } from './item-refurb-steps.queries';

/**
 * `/warehouse/item-refurb-steps/search`: the item whose services are
 * run, by its code scanned (a keyboard-wedge scanner types it and Enter) or typed, 8 or 13
 * characters. Its services open; a refusal (length, not found, several items, not in
 * refurbishment) is said under the field and the code selected again for the next scan.
 */
export function RefurbSearchPage() {
  const { t } = useTranslation('itemRefurbSteps');
  usePageHeader({ title: t('search.title'), icon: IconTool, breadcrumbs: [{ label: t('search.title') }] });
  const navigate = useNavigate();
  const search = useSearchRefurbItem();
  return (
    <Stack gap="md" maw={720}>
      <ScanCodeCard
        help={t('search.help')}
        label={t('search.code')}
        description={t('search.codeHelp')}
        submitLabel={t('search.submit')}
        submitIcon={<IconSearch size={18} aria-hidden />}
        testId="refurb-search-code"
        pending={search.isPending}
        onCode={async (code) => {
          const { itemId } = await search.mutateAsync(code);
          navigate(`/items/${itemId}/item-refurb-steps`);
        }}
      />
    </Stack>
  );
}
