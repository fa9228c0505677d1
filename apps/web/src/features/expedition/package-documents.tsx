import { Button, Group } from '@mantine/core';
import type { Locale, PackageSummaryResponse } from '@reprise/shared';
import { documentFileName } from '@reprise/shared/document-file-names';
import { IconFileDownload, IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showError } from '../../app/errors';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { downloadFile } from '../../lib/download';

export type PackageDocument = 'label' | 'packing-list';

const KIND = { label: 'package-label', 'packing-list': 'packing-list' } as const;

/**
 * Downloads a package's PDF (`GET /packages/{id}/documents/{label|packing-list}?lang=`) with the
 * session and saves it under the server's name, in the user's language. A refusal rejects with
 * the server's problem.
 */
async function downloadPackageDocument(
  pack: Pick<PackageSummaryResponse, 'id' | 'number'>,
  document: PackageDocument,
  locale: Locale,
): Promise<void> {
  await downloadFile(`/packages/${pack.id}/documents/${document}?lang=${locale}`, {
    accept: 'application/pdf',
    fallbackName: documentFileName(KIND[document], locale, pack.number),
  });
}

/** Downloads with a pending state; a refusal (a label not available) is said in a modal. */
export function usePackageDocumentDownload() {
  const { locale } = useFormatters();
  const [pending, setPending] = useState<string | null>(null);
  const download = async (pack: Pick<PackageSummaryResponse, 'id' | 'number'>, document: PackageDocument) => {
    setPending(`${pack.id}:${document}`);
    try {
      await downloadPackageDocument(pack, document, locale);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) showError({ code: error.code });
      else reportError(error);
    } finally {
      setPending(null);
    }
  };
  return { download, isPending: (id: string, document: PackageDocument) => pending === `${id}:${document}` };
}

/** The label (a closed package with a label) and the packing list of a package. */
export function PackageDocumentButtons({
  pack,
  size = 'sm',
}: {
  pack: Pick<PackageSummaryResponse, 'id' | 'number' | 'withLabel' | 'status'>;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation('expedition');
  const { download, isPending } = usePackageDocumentDownload();
  return (
    <Group gap="xs">
      {pack.withLabel && pack.status === 'closed' && (
        <Button
          size={size}
          leftSection={<IconFileDownload size={18} aria-hidden />}
          loading={isPending(pack.id, 'label')}
          onClick={() => download(pack, 'label')}
          data-testid="download-package-label"
        >
          {t('documents.label')}
        </Button>
      )}
      <Button
        size={size}
        variant="light"
        leftSection={<IconListDetails size={18} aria-hidden />}
        loading={isPending(pack.id, 'packing-list')}
        onClick={() => download(pack, 'packing-list')}
        data-testid="download-packing-list"
      >
        {t('documents.packingList')}
      </Button>
    </Group>
  );
}
