import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ProductSearchHit } from '@reprise/shared';
import { IconBarcode, IconCamera, IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateViolation } from '../../ui/forms';
import { useWedgeScanner } from '../../ui/use-wedge-scanner';
import { useProductSearch } from '../catalog';
import { CameraScanner, hasBarcodeDetector } from './camera-scanner';
import { ProductChoiceList } from './product-choice-list';

/** EAN/GTIN: 8, 12, 13 or 14 digits. */
const EAN_PATTERN = /^(\d{8}|\d{12,14})$/;

/**
 * By barcode: an EAN typed, scanned by a keyboard-wedge scanner (into the field, or anywhere on the
 * page: the scan is recognised by its speed) or read by the camera where the browser can.
 */
export function FinderBarcode({
  onChoose,
  autoFocus,
}: {
  onChoose: (hit: ProductSearchHit) => void;
  autoFocus: boolean;
}) {
  const { t } = useTranslation('buybackWizard');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [ean, setEan] = useState('');
  const [camera, cameraModal] = useDisclosure(false);
  const search = useProductSearch(ean, [], ean !== '');

  const lookUp = useCallback((typed: string) => {
    const value = typed.trim();
    setText(value);
    if (!EAN_PATTERN.test(value)) {
      setError(translateViolation(value === '' ? 'required' : 'invalid_ean'));
      return;
    }
    setError(null);
    setEan(value);
  }, []);

  useWedgeScanner(lookUp, !camera);
  const onCameraScan = useCallback(
    (code: string) => {
      cameraModal.close();
      lookUp(code);
    },
    [cameraModal.close, lookUp],
  );

  // The EAN is the product's own code: one product found by it is the one.
  const first = search.data?.pages[0];
  const exact =
    first && first.member.length === 1 && first.member[0]?.matchedBy === 'code' ? first.member[0] : undefined;
  useEffect(() => {
    if (ean && exact && !search.isFetching) onChoose(exact);
  }, [ean, exact, search.isFetching, onChoose]);

  return (
    <Stack gap="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          lookUp(text);
        }}
        noValidate
      >
        <TextInput
          size="md"
          label={t('finder.barcode.label')}
          description={t('finder.barcode.help')}
          placeholder="3700123456789"
          leftSection={<IconBarcode size={18} aria-hidden />}
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
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
          data-testid="ean-input"
        />
      </form>
      {hasBarcodeDetector() && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconCamera size={18} aria-hidden />}
            onClick={cameraModal.open}
          >
            {t('finder.barcode.camera')}
          </Button>
          <CameraScanner opened={camera} onClose={cameraModal.close} onScan={onCameraScan} />
        </Group>
      )}
      {ean && (
        <ProductChoiceList
          search={search}
          onChoose={onChoose}
          emptyTitle={t('finder.barcode.noMatch')}
          emptyDescription={t('finder.noMatchHelp')}
        />
      )}
    </Stack>
  );
}
