import { Box, Burger, Group, Image, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CartPanel } from '../../features/cart/cart-panel';
import { MODULE_ICONS } from '../modules';
import { useCurrentUser } from '../session';
import { useBranding } from '../theme';
import { ProfileMenu } from './profile-menu';

function Brand() {
  const { t } = useTranslation('common');
  const { logo } = useBranding();
  return (
    <UnstyledButton component={Link} to="/home">
      {logo ? (
        <Image src={logo} alt={t('goHome')} h={32} w="auto" maw={160} fit="contain" />
      ) : (
        <Text fw={800} size="xl" c="var(--mantine-color-brand-text)">
          {t('appName')}
        </Text>
      )}
    </UnstyledButton>
  );
}

/** Module icon and name with the user's type in it. */
function CurrentModule() {
  const { t } = useTranslation('common');
  const user = useCurrentUser();
  const Icon = MODULE_ICONS[user.currentModule];
  const userType = user.modules[user.currentModule];
  return (
    <Group gap="xs" wrap="nowrap" data-testid="current-module">
      <ThemeIcon variant="light" size="lg" aria-hidden>
        <Icon size={20} />
      </ThemeIcon>
      <Box visibleFrom="xs">
        <Text size="sm" fw={600} lh={1.2}>
          {t(`module.${user.currentModule}`)}
        </Text>
        {userType && (
          <Text size="xs" c="dimmed" lh={1.2}>
            {t(`userType.${userType}`)}
          </Text>
        )}
      </Box>
    </Group>
  );
}

export function TopBar({ menuOpened, onToggleMenu }: { menuOpened: boolean; onToggleMenu: () => void }) {
  const { t } = useTranslation('layout');
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="md" wrap="nowrap">
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          hiddenFrom="sm"
          size="sm"
          aria-label={t(menuOpened ? 'menu.close' : 'menu.open')}
          aria-expanded={menuOpened}
          aria-controls="side-menu"
        />
        <Brand />
        <CurrentModule />
      </Group>
      <Group gap="xs" wrap="nowrap">
        <CartPanel />
        <ProfileMenu />
      </Group>
    </Group>
  );
}
