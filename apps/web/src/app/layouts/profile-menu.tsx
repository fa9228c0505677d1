import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { LOCALES, type ModuleType } from '@reprise/shared/enums';
import { IconCheck, IconChevronDown, IconKey, IconLanguage, IconLogout } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLocale } from '../../i18n';
import { MODULE_ICONS } from '../modules';
import { useCurrentUser, useSession } from '../session';

const check = <IconCheck size={16} aria-hidden />;

/** Loaded on first use: it brings the form library and the shared schemas. */
const ChangePasswordModal = lazy(() =>
  import('../../features/auth/change-password-modal').then((m) => ({ default: m.ChangePasswordModal })),
);

/** The profile panel: who is signed in, language, module switcher, password and sign-out. */
export function ProfileMenu() {
  const { t } = useTranslation(['layout', 'common']);
  const user = useCurrentUser();
  const { module, switchModule, switchingModule, signOut } = useSession();
  const [passwordOpened, password] = useDisclosure(false);
  const locale = currentLocale();
  const fullName = `${user.firstname} ${user.lastname}`;
  const heldModules = Object.entries(user.modules) as [ModuleType, string][];

  return (
    <>
      <Menu position="bottom-end" width={280} withinPortal>
        <Menu.Target>
          <UnstyledButton
            aria-label={t('layout:profile.open', { name: fullName })}
            data-testid="profile-menu"
          >
            <Group gap="xs" wrap="nowrap">
              {/* No initials: visible text must be part of the button's name (WCAG 2.5.3). */}
              <Avatar color="brand" radius="xl" size="md" aria-hidden />
              <Text size="sm" fw={500} visibleFrom="md" truncate maw={180}>
                {fullName}
              </Text>
              <IconChevronDown size={14} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)">
              {fullName}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          <Menu.Label>
            <Group gap={6}>
              <IconLanguage size={14} aria-hidden />
              {t('layout:profile.language')}
            </Group>
          </Menu.Label>
          {LOCALES.map((code) => (
            <Menu.Item
              key={code}
              lang={code}
              onClick={() => chooseLanguage(code)}
              rightSection={code === locale ? check : undefined}
              aria-current={code === locale ? 'true' : undefined}
            >
              {t(`common:language.${code}`)}
            </Menu.Item>
          ))}
          {heldModules.length > 1 && (
            <>
              <Menu.Divider />
              <Menu.Label>{t('layout:profile.module')}</Menu.Label>
              {heldModules.map(([moduleType, userType]) => {
                const Icon = MODULE_ICONS[moduleType];
                const isCurrent = moduleType === module;
                return (
                  <Menu.Item
                    key={moduleType}
                    leftSection={<Icon size={16} aria-hidden />}
                    rightSection={isCurrent ? check : undefined}
                    disabled={switchingModule}
                    aria-current={isCurrent ? 'true' : undefined}
                    onClick={() => {
                      if (!isCurrent) void switchModule(moduleType);
                    }}
                  >
                    <Text size="sm">{t(`common:module.${moduleType}`)}</Text>
                    <Text size="xs" c="dimmed">
                      {t(`common:userType.${userType}`)}
                    </Text>
                  </Menu.Item>
                );
              })}
            </>
          )}
          <Menu.Divider />
          {!user.forceConnectionBySso && (
            <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={password.open}>
              {t('layout:profile.changePassword')}
            </Menu.Item>
          )}
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => void signOut()}
          >
            {t('layout:profile.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {passwordOpened && (
        <Suspense>
          <ChangePasswordModal opened onClose={password.close} />
        </Suspense>
      )}
    </>
  );
}
