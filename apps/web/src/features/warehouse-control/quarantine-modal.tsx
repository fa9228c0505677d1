import { Alert, Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import {
  CONTROL_TEXT_MAX,
  type ItemResponse,
  QUARANTINE_REASONS,
  type QuarantineReason,
} from '@reprise/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../../app/errors';
import { ApiError } from '../../lib/api';
import { useQuarantineFromControl } from './warehouse-control.queries';

/** Puts the item under control in quarantine (locked, stolen, counterfeit…), with a reason and a comment. */
export function QuarantineModal({
  itemId,
  opened,
  onClose,
  onDone,
}: {
  itemId: string;
  opened: boolean;
  onClose: () => void;
  onDone: (item: ItemResponse) => void;
}) {
  const { t } = useTranslation('warehouseControl');
  const quarantine = useQuarantineFromControl(itemId);
  const [reason, setReason] = useState<QuarantineReason | null>(null);
  const [missing, setMissing] = useState(false);
  const [comment, setComment] = useState('');
  return (
    <Modal opened={opened} onClose={onClose} title={t('quarantine.title')} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason) {
            setMissing(true);
            return;
          }
          quarantine.mutate({ reason, comment: comment.trim() || null }, { onSuccess: onDone });
        }}
      >
        <Stack gap="md">
          <Select
            label={t('quarantine.reason')}
            required
            data={QUARANTINE_REASONS.map((value) => ({ value, label: t(`quarantine.reasons.${value}`) }))}
            value={reason}
            onChange={(value) => {
              setReason(value as QuarantineReason | null);
              setMissing(false);
            }}
            error={missing ? t('quarantine.reasonRequired') : undefined}
            comboboxProps={{ withinPortal: true }}
            data-testid="quarantine-reason"
          />
          <Textarea
            label={t('quarantine.comment')}
            autosize
            minRows={2}
            maxLength={CONTROL_TEXT_MAX}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
          {quarantine.isError && (
            <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
              {quarantine.error instanceof ApiError
                ? translateErrorCode(quarantine.error.code)
                : translateErrorCode('unknown')}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('quarantine.cancel')}
            </Button>
            <Button type="submit" color="red" loading={quarantine.isPending}>
              {t('quarantine.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
