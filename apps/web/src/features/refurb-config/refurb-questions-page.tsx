import {
  ActionIcon,
  Anchor,
  Badge,
  Card,
  Group,
  List,
  LoadingOverlay,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { RefurbQuestionResponse } from '@reprise/shared';
import {
  IconArrowDown,
  IconArrowUp,
  IconListDetails,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import classes from '../../ui/data-table/data-table.module.css';
import { EmptyState } from '../../ui/empty-state';
import { ConfigAccountSelect } from './config-account-select';
import { moved } from './question-order';
import { useOrderRefurbQuestions, useRefurbQuestions } from './refurb-config.queries';
import { RefurbQuestionDeleteModal } from './refurb-question-delete-modal';
import { useConfigAccount, withAccount } from './use-config-account';

/** An answer and the services it plans. */
function AnswerLine({ answer }: { answer: RefurbQuestionResponse['answers'][number] }) {
  const { t } = useTranslation('refurbConfig');
  return (
    <List.Item>
      <Text span size="sm" fw={500}>
        {answer.label}
      </Text>
      <Text span size="sm" c="dimmed">
        {' → '}
        {answer.refurbSteps.length ? answer.refurbSteps.map((s) => s.name).join(', ') : t('questions.noStep')}
      </Text>
    </List.Item>
  );
}

/**
 * `/refurb-diagnosis-questions`: the account's refurbishment diagnosis questions in the order the
 * diagnosis asks them, each with its answers and the services they plan and the number of items
 * diagnosed with it; moved up or down (saved at once), edited, created and deleted.
 */
export function RefurbQuestionsPage() {
  const { t } = useTranslation('refurbConfig');
  const config = useConfigAccount();
  const questions = useRefurbQuestions(config.account, config.ready);
  const order = useOrderRefurbQuestions(config.account);
  const [deleting, setDeleting] = useState<RefurbQuestionResponse | null>(null);
  const list = questions.data?.member ?? [];
  usePageHeader({
    title: t('questions.title'),
    icon: IconListDetails,
    breadcrumbs: [{ label: t('breadcrumb.refurbishment') }, { label: t('questions.title') }],
    actions: config.ready
      ? [
          {
            label: t('questions.create'),
            icon: IconPlus,
            to: withAccount('/refurb-diagnosis-questions/create', config.account),
          },
        ]
      : [],
  });

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('questions.intro')}
        </Text>
        <ConfigAccountSelect config={config} />
        {!config.ready ? (
          <EmptyState title={t('account.choose')} icon={IconListDetails} />
        ) : (
          <div style={{ position: 'relative', minHeight: questions.isPending ? 160 : undefined }}>
            <LoadingOverlay
              visible={questions.isFetching || order.isPending}
              zIndex={10}
              overlayProps={{ blur: 1 }}
            />
            <Table.ScrollContainer minWidth={720}>
              <Table
                striped
                verticalSpacing="sm"
                horizontalSpacing={6}
                aria-busy={questions.isFetching}
                className={classes.table}
                style={{ '--truncate-share': '20%' } as CSSProperties}
              >
                <Table.Caption>
                  <VisuallyHidden>{t('questions.caption')}</VisuallyHidden>
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col" w={56}>
                      {t('questions.columns.order')}
                    </Table.Th>
                    <Table.Th scope="col">{t('questions.columns.label')}</Table.Th>
                    <Table.Th scope="col">{t('questions.columns.type')}</Table.Th>
                    <Table.Th scope="col">{t('questions.columns.answers')}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('questions.columns.products')}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('questions.columns.actions')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((question, index) => {
                    const to = withAccount(`/refurb-diagnosis-questions/${question.id}/edit`, config.account);
                    const label = question.label;
                    return (
                      <Table.Tr key={question.id} data-question-id={question.id}>
                        <Table.Td>
                          <Text fw={700} size="sm">
                            {index + 1}
                          </Text>
                        </Table.Td>
                        <Table.Td className={classes.truncate}>
                          <Anchor component={Link} to={to} fw={500} size="sm" title={label}>
                            {label}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={question.type === 'multiple' ? 'teal' : 'blue'}>
                            {t(`type.${question.type}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td className={classes.truncate}>
                          <List size="sm" spacing={2}>
                            {question.answers.map((answer) => (
                              <AnswerLine key={answer.id} answer={answer} />
                            ))}
                          </List>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Text size="sm">{question.productCount}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            <Tooltip label={t('questions.moveUp', { label })} withArrow>
                              <ActionIcon
                                variant="subtle"
                                aria-label={t('questions.moveUp', { label })}
                                disabled={index === 0 || order.isPending}
                                onClick={() => order.mutate(moved(list, index, -1))}
                              >
                                <IconArrowUp size={18} aria-hidden />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label={t('questions.moveDown', { label })} withArrow>
                              <ActionIcon
                                variant="subtle"
                                aria-label={t('questions.moveDown', { label })}
                                disabled={index === list.length - 1 || order.isPending}
                                onClick={() => order.mutate(moved(list, index, 1))}
                              >
                                <IconArrowDown size={18} aria-hidden />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label={t('questions.edit', { label })} withArrow>
                              <ActionIcon
                                component={Link}
                                to={to}
                                variant="subtle"
                                aria-label={t('questions.edit', { label })}
                              >
                                <IconPencil size={18} aria-hidden />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label={t('questions.delete', { label })} withArrow>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={t('questions.delete', { label })}
                                onClick={() => setDeleting(question)}
                              >
                                <IconTrash size={18} aria-hidden />
                              </ActionIcon>
                            </Tooltip>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {questions.isSuccess && list.length === 0 && (
              <EmptyState
                title={t('questions.empty')}
                description={t('questions.emptyHelp')}
                icon={IconListDetails}
              />
            )}
          </div>
        )}
      </Stack>
      <RefurbQuestionDeleteModal question={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
