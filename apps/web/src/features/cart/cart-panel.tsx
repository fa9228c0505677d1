import { ActionIcon, Button, Indicator, Popover, Stack, Text } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PANEL_MAX_HEIGHT } from '../../app/layout-constants';
import { useCurrentUser } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { CartLines } from './cart-lines';
import { cartTotalCents } from './cart-store';
import { useCart } from './use-cart';

/** The user types that sell at a counter see the cart in the top bar. */
export const CART_PANEL_USER_TYPES = ['store_manager', 'store_seller'] as const;

/** The top bar's cart: its count on a button, its buybacks and total in a panel. */
export function CartPanel() {
  const { t } = useTranslation('cart');
  const user = useCurrentUser();
  const cart = useCart();
  const { money } = useFormatters();
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(false);

  // Any navigation closes the panel.
  useEffect(() => {
    if (pathname) setOpened(false);
  }, [pathname]);

  const userType = user.modules[user.currentModule];
  if (!userType || !(CART_PANEL_USER_TYPES as readonly string[]).includes(userType)) return null;
  const count = cart?.buybacks.length ?? 0;

  return (
    <Indicator label={count} size={18} disabled={count === 0} offset={4}>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={360}
        shadow="md"
        trapFocus
        withArrow
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            onClick={() => setOpened((o) => !o)}
            aria-label={t('panel.open', { count })}
            data-testid="cart-panel"
          >
            <IconShoppingCart size={22} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown maw="calc(100vw - 16px)" mah={PANEL_MAX_HEIGHT} style={{ overflowY: 'auto' }}>
          <Stack gap="sm">
            <Text fw={700}>{t('panel.title')}</Text>
            {cart && count > 0 ? (
              <>
                <CartLines buybacks={cart.buybacks} compact />
                <Text size="sm" fw={600} ta="right">
                  {t('total', { total: money(cartTotalCents(cart)) })}
                </Text>
                <Button component={Link} to="/cart/customer-infos" fullWidth>
                  {t('panel.goToCart')}
                </Button>
              </>
            ) : (
              <>
                <Text size="sm" c="dimmed">
                  {t('panel.empty')}
                </Text>
                <Button component={Link} to="/buyback/create" variant="light" fullWidth>
                  {t('panel.newBuyback')}
                </Button>
              </>
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
