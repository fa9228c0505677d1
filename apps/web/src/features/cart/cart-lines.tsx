import { ActionIcon, Avatar, Button, Group, Modal, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPhotoOff, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useFormatters } from '../../app/use-formatters';
import { type CartBuyback, removeBuyback } from './cart-store';

/**
 * The buybacks of the cart, each removable after a confirmation. Removing the last one empties the
 * cart and goes home, unless already there.
 */
export function CartLines({ buybacks, compact = false }: { buybacks: CartBuyback[]; compact?: boolean }) {
  const { t } = useTranslation('cart');
  const { money } = useFormatters();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [removing, setRemoving] = useState<CartBuyback | null>(null);

  const confirm = () => {
    if (!removing) return;
    const left = removeBuyback(removing.inCartId);
    setRemoving(null);
    if (left === 0 && pathname !== '/home') navigate('/home');
  };

  return (
    <>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('lines.label')}>
        {buybacks.map((buyback) => (
          <Paper key={buyback.inCartId} component="li" withBorder radius="md" p="xs" data-testid="cart-line">
            <Group wrap="nowrap" gap="sm">
              {!compact && (
                <Avatar src={buyback.product.imageUrl} alt="" radius="sm" size={40} color="gray">
                  <IconPhotoOff size={18} aria-hidden />
                </Avatar>
              )}
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {buyback.product.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`catalog:grade.${buyback.price.declaredState}`)}
                  {' · '}
                  {buyback.paymentMethod.label}
                </Text>
              </div>
              <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {money(buyback.price.totalCents)}
              </Text>
              <Tooltip label={t('lines.remove')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => setRemoving(buyback)}
                  aria-label={t('lines.removeOne', { name: buyback.product.name })}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('lines.confirmTitle')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {buybacks.length === 1
              ? t('lines.confirmLast', { name: removing?.product.name ?? '' })
              : t('lines.confirm', { name: removing?.product.name ?? '' })}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('lines.keep')}
            </Button>
            <Button color="red" onClick={confirm} data-autofocus>
              {t('lines.confirmRemove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
