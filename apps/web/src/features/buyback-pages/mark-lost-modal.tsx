import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { BUYBACK_COMMENT_MAX } from '@reprise/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../app/errors';
import { useMarkLost } from '../buybacks';

/** Declares the buyback's item lost in store, after a confirmation, with an optional comment. */
export function MarkLostModal({
  buybackId,
  opened,
  onClose,
  onDone,
}: {
  buybackId: string;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('buybacks');
  const markLost = useMarkLost();
  const [comment, setComment] = useState('');
  return (
    <Modal opened={opened} onClose={onClose} title={t('markLost.title')} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          markLost.mutate(
            { id: buybackId, body: { comment: comment.trim() || null } },
            {
              onSuccess: () => {
                setComment('');
                onClose();
                onDone();
              },
              onError: (error) => reportError(error),
            },
          );
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('markLost.confirm')}</Text>
          <Textarea
            label={t('markLost.comment')}
            autosize
            minRows={2}
            maxLength={BUYBACK_COMMENT_MAX}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('markLost.keep')}
            </Button>
            <Button type="submit" color="orange" loading={markLost.isPending}>
              {t('markLost.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
