import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { REFURB_COMMENT_MAX } from '@reprise/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../../app/errors';

/**
 * Cancels a service: the reason is required, 255 characters at most. The comment is the page's own (kept if
 * the cancel is refused, e.g. another user's change).
 */
export function CancelModal({
  opened,
  name,
  comment,
  onComment,
  onClose,
  onConfirm,
  pending,
}: {
  opened: boolean;
  name: string;
  comment: string;
  onComment: (comment: string) => void;
  onClose: () => void;
  onConfirm: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation('itemRefurbSteps');
  const [attempted, setAttempted] = useState(false);
  const missing = attempted && !comment.trim();
  return (
    <Modal
      opened={opened}
      onClose={() => {
        setAttempted(false);
        onClose();
      }}
      title={t('cancel.title', { name })}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setAttempted(true);
          if (!comment.trim()) return;
          onConfirm();
        }}
      >
        <Stack gap="md">
          <Textarea
            label={t('cancel.comment')}
            description={t('commentCounter', { count: comment.length, max: REFURB_COMMENT_MAX })}
            required
            autosize
            minRows={3}
            maxLength={REFURB_COMMENT_MAX}
            value={comment}
            onChange={(event) => onComment(event.currentTarget.value)}
            error={missing ? translateErrorCode('cancel_comment_required') : undefined}
            data-autofocus
            data-testid="cancel-comment"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('cancel.back')}
            </Button>
            <Button type="submit" color="red" loading={pending} data-testid="cancel-confirm">
              {t('cancel.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
