import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import type { CategoryRef, DiagnosticQuestionResponse } from '@reprise/shared';
import { IconCategory, IconClipboardList, IconPlaylistAdd } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type PageHeaderAction, usePageHeader } from '../../../app/page-header';
import { useSession } from '../../../app/session';
import { EmptyState } from '../../../ui/empty-state';
import { PageLoader } from '../../../ui/page-loader';
import { useCategoryAncestry } from '../categories/categories.queries';
import { useDiagnosticBreadcrumbs } from './diagnostic-breadcrumbs';
import { DiagnosticQuestionCard } from './diagnostic-question-card';
import { DiagnosticQuestionDeleteModal } from './diagnostic-question-delete-modal';
import { useCategoryDiagnosticQuestions, useDiagnosticQuestionsOf } from './diagnostic-questions.queries';
import { OwnDiagnosticQuestionsList } from './own-diagnostic-questions-list';

interface InheritedGroup {
  category: CategoryRef;
  questions: DiagnosticQuestionResponse[];
}

/** The ancestors' questions, asked first (root first), shown read-only with a link to where they are edited. */
function InheritedDiagnosticQuestions({ groups }: { groups: InheritedGroup[] }) {
  const { t } = useTranslation('diagnostic');
  // Numbered through the whole questionnaire, group after group.
  const firstNumbers = groups.map((_, index) =>
    groups.slice(0, index).reduce((count, group) => count + group.questions.length, 1),
  );
  return (
    <Stack gap="md">
      {groups.map(({ category, questions }, index) => (
        <Stack key={category.id} gap="xs">
          <Text size="sm" fw={500}>
            {t('category.from')}{' '}
            <Anchor component={Link} to={`/diagnostic/category/${category.id}`} inherit>
              {category.label}
            </Anchor>
          </Text>
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {questions.map((question, position) => (
              <DiagnosticQuestionCard
                key={question.id}
                question={question}
                number={(firstNumbers[index] ?? 1) + position}
              />
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * `/diagnostic/category/:categoryId`: the questions asked for a category's products, those inherited
 * from its ancestors first (read-only here), then its own, which are ordered, added, edited and deleted.
 */
export function DiagnosticCategoryPage() {
  const { t } = useTranslation('diagnostic');
  const { categoryId = '' } = useParams();
  const { can } = useSession();
  const ancestry = useCategoryAncestry(categoryId);
  const category = ancestry.data?.at(-1);
  const ancestors = ancestry.data?.slice(0, -1) ?? [];
  const inherited = useDiagnosticQuestionsOf(ancestors.map((a) => a.id));
  const own = useCategoryDiagnosticQuestions(categoryId);
  const [deleting, setDeleting] = useState<DiagnosticQuestionResponse | null>(null);
  const breadcrumbs = useDiagnosticBreadcrumbs(undefined);

  const actions: PageHeaderAction[] = [];
  if (can('question.create'))
    actions.push({
      label: t('category.add'),
      icon: IconPlaylistAdd,
      to: `/diagnostic/category/${categoryId}/question/add`,
    });
  if (can('category.detail'))
    actions.push({
      label: t('category.openCategory'),
      icon: IconCategory,
      to: `/category/${categoryId}/edit`,
    });
  usePageHeader({
    title: category
      ? t('category.title', { category: ancestry.data?.map((c) => c.label).join(' › ') })
      : t('title'),
    icon: IconClipboardList,
    breadcrumbs: [...breadcrumbs, { label: category?.label ?? t('title') }],
    actions,
  });

  if (!ancestry.data || !own.data || inherited.some((query) => !query.data)) return <PageLoader />;
  const groups = ancestors
    .map((ancestor, index) => ({ category: ancestor, questions: inherited[index]?.data ?? [] }))
    .filter((group) => group.questions.length > 0);
  const inheritedCount = groups.reduce((sum, group) => sum + group.questions.length, 0);

  return (
    <Stack gap="lg" maw={1100}>
      {groups.length > 0 && (
        <Card withBorder padding="md" component="section" aria-labelledby="inherited-questions">
          <Title order={2} size="h4" id="inherited-questions">
            {t('category.inherited')}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t('category.inheritedHelp')}
          </Text>
          <InheritedDiagnosticQuestions groups={groups} />
        </Card>
      )}
      <Card withBorder padding="md" component="section" aria-labelledby="own-questions">
        <Title order={2} size="h4" id="own-questions">
          {t('category.own', { category: category?.label })}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('category.ownHelp')}
        </Text>
        {own.data.length === 0 ? (
          <EmptyState
            title={t('category.empty')}
            action={
              can('question.create') && (
                <Button
                  component={Link}
                  to={`/diagnostic/category/${categoryId}/question/add`}
                  leftSection={<IconPlaylistAdd size={16} aria-hidden />}
                >
                  {t('category.add')}
                </Button>
              )
            }
          />
        ) : (
          <OwnDiagnosticQuestionsList
            categoryId={categoryId}
            questions={own.data}
            firstNumber={inheritedCount + 1}
            onDelete={setDeleting}
          />
        )}
      </Card>
      <DiagnosticQuestionDeleteModal
        categoryId={categoryId}
        question={deleting}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
