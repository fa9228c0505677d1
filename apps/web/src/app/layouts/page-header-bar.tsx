import { Anchor, Breadcrumbs, Button, Group, Menu, ThemeIcon, Title } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PageHeaderAction, useCurrentPageHeader } from '../page-header';

function ActionButton({ action, primary }: { action: PageHeaderAction; primary: boolean }) {
  const Icon = action.icon;
  const props = {
    variant: primary ? 'filled' : 'default',
    color: primary ? action.color : undefined,
    leftSection: Icon ? <Icon size={16} aria-hidden /> : undefined,
  } as const;
  return action.to ? (
    <Button component={Link} to={action.to} {...props}>
      {action.label}
    </Button>
  ) : (
    <Button onClick={action.onClick} {...props}>
      {action.label}
    </Button>
  );
}

function ActionMenuItem({ action }: { action: PageHeaderAction }) {
  const Icon = action.icon;
  const props = { color: action.color, leftSection: Icon ? <Icon size={16} aria-hidden /> : undefined };
  return action.to ? (
    <Menu.Item component={Link} to={action.to} {...props}>
      {action.label}
    </Menu.Item>
  ) : (
    <Menu.Item onClick={action.onClick} {...props}>
      {action.label}
    </Menu.Item>
  );
}

/** Header actions as buttons from 768 px, collapsed into an "Actions" menu below. */
function HeaderActions({ actions }: { actions: PageHeaderAction[] }) {
  const { t } = useTranslation('layout');
  if (actions.length === 0) return null;
  return (
    <>
      <Group gap="xs" visibleFrom="sm">
        {actions.map((action, index) => (
          <ActionButton key={action.label} action={action} primary={index === 0} />
        ))}
      </Group>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button hiddenFrom="sm" rightSection={<IconChevronDown size={16} aria-hidden />}>
            {t('header.actions')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.map((action) => (
            <ActionMenuItem key={action.label} action={action} />
          ))}
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
      {/* a long title (a batch's reference) wraps rather than widen a phone's page */}
      <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {breadcrumbs.length > 0 && (
          <Breadcrumbs aria-label={t('breadcrumbs')} mb={4} separatorMargin={6} style={{ flexWrap: 'wrap' }}>
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
          <Title order={1} size="h2" style={{ minWidth: 0 }}>
            {header.title}
          </Title>
        </Group>
      </div>
      <HeaderActions actions={header.actions ?? []} />
    </Group>
  );
}
