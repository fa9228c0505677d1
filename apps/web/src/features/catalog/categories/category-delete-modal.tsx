import { Alert, Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { reportError } from '../../../app/errors';
import { ApiError } from '../../../lib/api';
import { useDeleteCategory } from './categories.queries';

/** What may keep a category from being deleted (the codes of the 409's violations). */
const REASONS = ['category_has_products', 'category_has_questions', 'category_has_children'] as const;
type Reason = (typeof REASONS)[number];

function refusalReasons(error: unknown): Reason[] | null {
  if (!(error instanceof ApiError) || error.code !== 'category_not_deletable') return null;
  const codes = new Set(error.problem.violations?.map((v) => v.code));
  return REASONS.filter((reason) => codes.has(reason));
}

function ReasonItem({ reason, categoryId }: { reason: Reason; categoryId: string }) {
  const { t } = useTranslation('categories');
  const link =
    reason === 'category_has_products'
      ? `/products?status=all&${encodeURIComponent('category[]')}=${categoryId}`
      : reason === 'category_has_questions'
        ? `/diagnostic/category/${categoryId}`
        : null;
  return (
    <List.Item>
      {t(`delete.reason.${reason}`)}
      {link && (
        <>
          {' '}
          <Anchor component={Link} to={link} size="sm">
            {t(`delete.see.${reason}`)}
          </Anchor>
        </>
      )}
    </List.Item>
  );
}

interface CategoryDeleteModalProps {
  category: { id: string; label: string } | null;
  onClose: () => void;
}

/** Asks before deleting a category; a refusal (it holds products, questions or sub-categories) says why. */
export function CategoryDeleteModal({ category, onClose }: CategoryDeleteModalProps) {
  const { t } = useTranslation('categories');
  const remove = useDeleteCategory();
  const [reasons, setReasons] = useState<Reason[] | null>(null);
  const close = () => {
    setReasons(null);
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!category) return;
    remove.mutate(category.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('delete.done', { name: category.label }) });
        close();
      },
      onError: (error) => {
        const refused = refusalReasons(error);
        if (refused) setReasons(refused);
        else {
          close();
          reportError(error);
        }
      },
    });
  };

  return (
    <Modal opened={category !== null} onClose={close} title={t('delete.title')} centered>
      {category && (
        <Stack gap="md">
          {reasons ? (
            <Alert
              color="orange"
              icon={<IconAlertTriangle aria-hidden />}
              title={t('delete.refused', { name: category.label })}
              role="alert"
            >
              <List size="sm" spacing={4}>
                {reasons.map((reason) => (
                  <ReasonItem key={reason} reason={reason} categoryId={category.id} />
                ))}
              </List>
            </Alert>
          ) : (
            <Text>{t('delete.confirm', { name: category.label })}</Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {reasons ? t('delete.close') : t('delete.cancel')}
            </Button>
            {!reasons && (
              <Button color="red" onClick={confirm} loading={remove.isPending}>
                {t('delete.submit')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
