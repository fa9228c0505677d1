import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCart, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCart } from './use-cart';

interface WizardFrameProps {
  /** The screen's heading (h1) and the document title. */
  title: string;
  /** A line under the title, e.g. "Step 3 of 9". */
  subtitle?: ReactNode;
  children: ReactNode;
  /** Hides the cart link (the cart screens show the cart themselves). */
  hideCart?: boolean;
}

/** The frame of the buyback wizard and cart screens, in the fluid wizard layout: title, cart, leave. */
export function WizardFrame({ title, subtitle, children, hideCart = false }: WizardFrameProps) {
  const { t } = useTranslation(['buybackWizard', 'common']);
  const cart = useCart();
  const count = cart?.buybacks.length ?? 0;

  useEffect(() => {
    document.title = `${title} · ${t('common:appName')}`;
  }, [title, t]);

  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {subtitle && (
            <Text size="sm" c="dimmed" component="div">
              {subtitle}
            </Text>
          )}
        </div>
        <Group gap="xs" wrap="nowrap">
          {!hideCart && count > 0 && (
            <Button
              component={Link}
              to="/cart/customer-infos"
              variant="light"
              leftSection={<IconShoppingCart size={18} aria-hidden />}
              rightSection={
                <Badge size="sm" circle aria-hidden>
                  {count}
                </Badge>
              }
              aria-label={t('frame.cart', { count })}
            >
              <Text span visibleFrom="xs" inherit>
                {t('frame.cartShort')}
              </Text>
            </Button>
          )}
          <Button
            component={Link}
            to="/home"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={18} aria-hidden />}
          >
            {t('frame.leave')}
          </Button>
        </Group>
      </Group>
      {children}
    </Stack>
  );
}
