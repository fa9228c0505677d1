import { Anchor, Breadcrumbs, Button, Group, Menu, ThemeIcon, Title } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PageHeaderAction, useCurrentPageHeader } from '../page-header';

function actionProps(action: PageHeaderAction) {
  const Icon = action.icon;
  return {
    leftSection: Icon ? <Icon size={16} aria-hidden /> : undefined,
    color: action.color,
    ...(action.to ? { component: Link, to: action.to } : { onClick: action.onClick }),
  } as const;
}

/** Header actions as buttons from 768 px, collapsed into an "Actions" menu below. */
function HeaderActions({ actions }: { actions: PageHeaderAction[] }) {
  const { t } = useTranslation('layout');
  if (actions.length === 0) return null;
  return (
    <>
      <Group gap="xs" visibleFrom="sm">
        {actions.map((action, index) => (
          <Button key={action.label} variant={index === 0 ? 'filled' : 'default'} {...actionProps(action)}>
            {action.label}
          </Button>
        ))}
      </Group>
      <Menu position="bottom-end" hiddenFrom="sm">
        <Menu.Target>
          <Button hiddenFrom="sm" rightSection={<IconChevronDown size={16} aria-hidden />}>
            {t('header.actions')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.map((action) => {
            const { leftSection, ...props } = actionProps(action);
            return (
              <Menu.Item key={action.label} leftSection={leftSection} {...props}>
                {action.label}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}

/** The subheader the current screen declared with usePageHeader. */
export function PageHeaderBar() {
  const { t } = useTranslation('common');
  const header = useCurrentPageHeader();
  const title = header?.title;

  useEffect(() => {
    document.title = title ? `${title} · ${t('appName')}` : t('appName');
  }, [title, t]);

  if (!header) return null;
  const Icon = header.icon;
  const breadcrumbs = header.breadcrumbs ?? [];
  return (
    <Group component="header" justify="space-between" align="flex-end" mb="lg" gap="sm">
      <div>
        {breadcrumbs.length > 0 && (
          <Breadcrumbs aria-label={t('breadcrumbs')} mb={4} separatorMargin={6}>
            {breadcrumbs.map((crumb) =>
              crumb.to ? (
                <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
                  {crumb.label}
                </Anchor>
              ) : (
                <Anchor key={crumb.label} component="span" size="sm" c="dimmed" underline="never">
                  {crumb.label}
                </Anchor>
              ),
            )}
          </Breadcrumbs>
        )}
        <Group gap="sm" wrap="nowrap">
          {Icon && (
            <ThemeIcon variant="light" size="lg" aria-hidden>
              <Icon size={20} />
            </ThemeIcon>
          )}
          <Title order={1} size="h2">
            {header.title}
          </Title>
        </Group>
      </div>
      <HeaderActions actions={header.actions ?? []} />
    </Group>
  );
}
