import { Alert, Anchor, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PDF_MAX_BYTES, type PolicyFile } from '@reprise/shared';
import { IconFileTypePdf, IconTrash, IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../app/errors';
import { ApiError } from '../../lib/api';
import { useRemovePolicyFile, useUploadPolicyFile } from './general-settings.queries';

/** The message of a refused file, by the server's code (or the same check made before sending). */
const PROBLEM_KEY: Record<string, string> = {
  file_too_large: 'files.tooLarge',
  invalid_file: 'files.notPdf',
};

/**
 * One policy file of the brand screen (terms of use, terms of service, FAQ and contact): a PDF of
 * at most 250 kB, uploaded, replaced or removed at once, with its download link.
 */
export function PolicyFileCard({
  accountId,
  detailId,
  document,
  url,
  hasText,
}: {
  accountId: string;
  detailId: string;
  document: PolicyFile;
  url: string | null;
  /** An older text version exists: the public site shows it while no PDF is uploaded. */
  hasText: boolean;
}) {
  const { t } = useTranslation('generalSettings');
  const titleId = useId();
  const upload = useUploadPolicyFile(accountId, detailId, document);
  const remove = useRemovePolicyFile(accountId, detailId, document);
  const [problem, setProblem] = useState<string | null>(null);
  const resetPicker = useRef<() => void>(null);

  const choose = (file: File | null) => {
    resetPicker.current?.();
    if (!file) return;
    // the server checks the content; these only spare the upload of a file sure to be refused
    if (file.size > PDF_MAX_BYTES) return setProblem(t('files.tooLarge'));
    if (file.type && file.type !== 'application/pdf') return setProblem(t('files.notPdf'));
    setProblem(null);
    upload.mutate(file, {
      onSuccess: () => notifications.show({ color: 'green', message: t('files.uploaded') }),
      onError: (error) => {
        const key = error instanceof ApiError ? PROBLEM_KEY[error.code] : undefined;
        if (key) setProblem(t(key));
        else reportError(error);
      },
    });
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={titleId}>
          {t(`files.${document}`)}
        </Title>
        {url ? (
          <Anchor href={url} target="_blank" rel="noopener">
            <Group gap={4} component="span">
              <IconFileTypePdf size={18} aria-hidden />
              {t('files.download', { name: t(`files.${document}`) })}
            </Group>
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {hasText ? t('files.textOnly') : t('files.none')}
          </Text>
        )}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group gap="xs">
          <FileButton onChange={choose} accept="application/pdf" resetRef={resetPicker}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={upload.isPending}
                aria-label={`${url ? t('files.replace') : t('files.upload')} – ${t(`files.${document}`)}`}
              >
                {url ? t('files.replace') : t('files.upload')}
              </Button>
            )}
          </FileButton>
          {url && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              loading={remove.isPending}
              aria-label={`${t('files.remove')} – ${t(`files.${document}`)}`}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => notifications.show({ color: 'green', message: t('files.removed') }),
                })
              }
            >
              {t('files.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
