import { Box, Button, Center, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconPhotoOff, IconTrash, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../app/use-formatters';
import { acceptOf, checkImageFile } from '../design';
import { CATALOG_IMAGE_RULE, type ImageChange, NO_IMAGE_CHANGE } from './catalog-image';

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

interface CatalogImageFieldProps {
  label: string;
  /** URL of the stored image, if any. */
  current: string | null;
  value: ImageChange;
  onChange: (value: ImageChange) => void;
  /** An error from the server (e.g. the content is not an image). */
  error?: ReactNode;
  disabled?: boolean;
}

/** Choice, preview and removal of a catalogue image; the file is sent when the form is saved. */
export function CatalogImageField({
  label,
  current,
  value,
  onChange,
  error,
  disabled,
}: CatalogImageFieldProps) {
  const { t } = useTranslation('catalog');
  const { locale } = useFormatters();
  const labelId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const resetPicker = useRef<() => void>(null);
  const previewUrl = useObjectUrl(value.file);
  const shown = previewUrl ?? (value.remove ? null : current);
  const kilobytes = (bytes: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1024);

  const choose = (file: File | null) => {
    resetPicker.current?.();
    if (!file) return;
    const check = checkImageFile(file, CATALOG_IMAGE_RULE);
    setProblem(
      check === 'invalid_type'
        ? t('image.invalidType')
        : check === 'too_large'
          ? t('image.tooLarge', { size: kilobytes(file.size), max: kilobytes(CATALOG_IMAGE_RULE.maxBytes) })
          : null,
    );
    if (!check) onChange({ file, remove: false });
  };

  const message = problem ?? error;
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Input.Label id={labelId} component="span">
        {label}
      </Input.Label>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Center
          bg="gray.0"
          w={112}
          h={112}
          style={{ borderRadius: 'var(--mantine-radius-md)', flexShrink: 0, overflow: 'hidden' }}
        >
          {shown ? (
            <Image
              src={shown}
              alt={previewUrl ? t('image.newPreview') : t('image.currentPreview')}
              fit="contain"
              w={112}
              h={112}
            />
          ) : (
            <IconPhotoOff size={28} aria-hidden color="var(--mantine-color-gray-5)" />
          )}
        </Center>
        <Stack gap="xs" style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {t('image.rules', { max: kilobytes(CATALOG_IMAGE_RULE.maxBytes) })}
          </Text>
          {value.file && (
            <Text size="sm" aria-live="polite" style={{ overflowWrap: 'anywhere' }}>
              {t('image.chosen', { name: value.file.name, size: kilobytes(value.file.size) })}
            </Text>
          )}
          {value.remove && (
            <Text size="sm" aria-live="polite">
              {t('image.willBeRemoved')}
            </Text>
          )}
          <Group gap="xs">
            <FileButton
              onChange={choose}
              accept={acceptOf(CATALOG_IMAGE_RULE)}
              resetRef={resetPicker}
              disabled={disabled}
            >
              {(props) => (
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconUpload size={14} aria-hidden />}
                  disabled={disabled}
                  {...props}
                >
                  {shown ? t('image.replace') : t('image.choose')}
                </Button>
              )}
            </FileButton>
            {(value.file || (current && !value.remove)) && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} aria-hidden />}
                disabled={disabled}
                onClick={() => {
                  setProblem(null);
                  onChange(value.file ? { file: null, remove: false } : { file: null, remove: true });
                }}
              >
                {value.file ? t('image.discard') : t('image.remove')}
              </Button>
            )}
            {value.remove && (
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconArrowBackUp size={14} aria-hidden />}
                disabled={disabled}
                onClick={() => onChange(NO_IMAGE_CHANGE)}
              >
                {t('image.keep')}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
      {message && (
        <Box>
          <Input.Error role="alert">{message}</Input.Error>
        </Box>
      )}
    </Stack>
  );
}
