import { Alert, Button, Card, Center, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconPhotoOff, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, translateErrorCode } from '../../app/errors';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { type AccountImage, useRemoveAccountImage, useUploadAccountImage } from './design.queries';
import { acceptOf, checkImageFile, IMAGE_RULES } from './image-rules';

interface ImageUploadCardProps {
  accountId: string;
  image: AccountImage;
  /** URL of the image the account has now. */
  current: string | null;
}

/** A local preview of a chosen file, released when the file changes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

interface PreviewProps {
  image: AccountImage;
  src: string | null;
  alt: string;
  onDimensions?: (width: number, height: number) => void;
}

function Preview({ image, src, alt, onDimensions }: PreviewProps) {
  const { t } = useTranslation('design');
  const size = image === 'logo' ? ({ h: 50, w: 'auto', maw: 250 } as const) : ({ h: 32, w: 32 } as const);
  return (
    <Center bg="gray.0" p="md" mih={90} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      {src ? (
        <Image
          src={src}
          alt={alt}
          fit="contain"
          {...size}
          onLoad={(event) =>
            onDimensions?.(event.currentTarget.naturalWidth, event.currentTarget.naturalHeight)
          }
        />
      ) : (
        <Group gap="xs" c="dimmed">
          <IconPhotoOff size={18} aria-hidden />
          <Text size="sm">{t(`${image}.none`)}</Text>
        </Group>
      )}
    </Center>
  );
}

/** Removes the account's image, after an inline confirmation. */
function RemoveImage({ accountId, image }: { accountId: string; image: AccountImage }) {
  const { t } = useTranslation('design');
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveAccountImage(accountId, image);
  if (!confirming) {
    return (
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => setConfirming(true)}
      >
        {t(`${image}.remove`)}
      </Button>
    );
  }
  return (
    <Group gap="xs" role="group" aria-label={t(`${image}.confirmRemove`)}>
      <Text size="sm">{t(`${image}.confirmRemove`)}</Text>
      <Button
        color="red"
        size="xs"
        loading={remove.isPending}
        // This button goes away with the image, before mutate's own callbacks would run: await instead.
        onClick={() =>
          remove.mutateAsync().then(
            () => notifications.show({ color: 'green', message: t(`${image}.removed`) }),
            () => undefined, // the error modal reports it
          )
        }
      >
        {t('confirm')}
      </Button>
      <Button variant="default" size="xs" onClick={() => setConfirming(false)}>
        {t('keep')}
      </Button>
    </Group>
  );
}

/** Upload, preview and removal of the account's logo or favicon, with the rules checked before sending. */
export function ImageUploadCard({ accountId, image, current }: ImageUploadCardProps) {
  const { t } = useTranslation('design');
  const { locale } = useFormatters();
  const rule = IMAGE_RULES[image];
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dimensions, setDimensions] = useState<{ width: number; height: number } | null>(null);
  const resetPicker = useRef<() => void>(null);
  const previewUrl = useObjectUrl(file);
  const upload = useUploadAccountImage(accountId, image);
  const kilobytes = (bytes: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1024);

  const choose = (chosen: File | null) => {
    setDimensions(null);
    // Lets the same file be chosen again after a cancel.
    resetPicker.current?.();
    if (!chosen) return;
    const check = checkImageFile(chosen, rule);
    setProblem(
      check === 'invalid_type'
        ? t(`${image}.invalidType`)
        : check === 'too_large'
          ? t('tooLarge', { size: kilobytes(chosen.size), max: kilobytes(rule.maxBytes) })
          : null,
    );
    setFile(check ? null : chosen);
  };

  const send = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        notifications.show({ color: 'green', message: t(`${image}.uploaded`) });
      },
      onError: (error) => {
        if (error instanceof ApiError && (error.status === 422 || error.status === 413))
          setProblem(translateErrorCode(error.code));
        else reportError(error);
      },
    });
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {t(`${image}.title`)}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`${image}.rules`, { max: kilobytes(rule.maxBytes), width: rule.width, height: rule.height })}
          </Text>
        </div>
        <Preview
          image={image}
          src={previewUrl ?? current}
          alt={previewUrl ? t(`${image}.newPreview`) : t(`${image}.currentPreview`)}
          onDimensions={previewUrl ? (width, height) => setDimensions({ width, height }) : undefined}
        />
        {file && (
          <Text size="sm" aria-live="polite">
            {t('chosen', { name: file.name, size: kilobytes(file.size) })}
            {dimensions &&
              (dimensions.width !== rule.width || dimensions.height !== rule.height) &&
              ` ${t('otherSize', { ...dimensions, recommendedWidth: rule.width, recommendedHeight: rule.height })}`}
          </Text>
        )}
        {problem && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" p="xs">
            {problem}
          </Alert>
        )}
        <Group gap="xs">
          {file ? (
            <>
              <Button
                leftSection={<IconUpload size={16} aria-hidden />}
                onClick={send}
                loading={upload.isPending}
              >
                {t(`${image}.upload`)}
              </Button>
              <Button variant="default" onClick={() => setFile(null)} disabled={upload.isPending}>
                {t('cancel')}
              </Button>
            </>
          ) : (
            <FileButton onChange={choose} accept={acceptOf(rule)} resetRef={resetPicker}>
              {(props) => (
                <Button variant="light" leftSection={<IconUpload size={16} aria-hidden />} {...props}>
                  {t(`${image}.choose`)}
                </Button>
              )}
            </FileButton>
          )}
          {current && !file && <RemoveImage accountId={accountId} image={image} />}
        </Group>
      </Stack>
    </Card>
  );
}
