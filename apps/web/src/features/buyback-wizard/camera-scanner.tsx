import { Alert, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The part of the Barcode Detection API used here (not in TypeScript's DOM types yet). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorInstance {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorInstance;

/** The camera is offered only where the browser can read barcodes itself. */
export function hasBarcodeDetector(): boolean {
  return typeof window !== 'undefined' && 'BarcodeDetector' in window;
}

const FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e'];
const SCAN_INTERVAL_MS = 250;

/** Reads an EAN with the device's camera and hands it over; closes on the first code read. */
export function CameraScanner({
  opened,
  onClose,
  onScan,
}: {
  opened: boolean;
  onClose: () => void;
  onScan: (code: string) => void;
}) {
  const { t } = useTranslation('buybackWizard');
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!opened) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    setFailed(false);
    const Detector = (window as unknown as { BarcodeDetector: BarcodeDetectorConstructor }).BarcodeDetector;
    const detector = new Detector({ formats: FORMATS });
    const scan = async () => {
      if (stopped || !video.current) return;
      try {
        const [found] = await detector.detect(video.current);
        if (found?.rawValue && !stopped) {
          onScan(found.rawValue);
          return;
        }
      } catch {
        // a frame that cannot be read yet: try the next one
      }
      timer = setTimeout(scan, SCAN_INTERVAL_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void scan();
      })
      .catch(() => setFailed(true));
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [opened, onScan]);

  return (
    <Modal opened={opened} onClose={onClose} title={t('finder.barcode.cameraTitle')} size="lg">
      <Stack gap="sm">
        {failed ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {t('finder.barcode.cameraFailed')}
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('finder.barcode.cameraHelp')}
            </Text>
            <video
              ref={video}
              muted
              playsInline
              style={{ width: '100%', borderRadius: 8, background: '#000' }}
            />
          </>
        )}
      </Stack>
    </Modal>
  );
}
