import { Fieldset, SimpleGrid, Text } from '@mantine/core';
import type { CategoryResponse, CategoryTreeNode } from '@reprise/shared';
import { IconCategory, IconListCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { withAlert } from '../../../app/alert-from-query';
import { type PageHeaderAction, usePageHeader } from '../../../app/page-header';
import { useSession } from '../../../app/session';
import { useFormatters } from '../../../app/use-formatters';
import { showSaveError } from '../../../ui/form-feedback';
import { PageLoader } from '../../../ui/page-loader';
import { useCatalogBreadcrumbs } from '../catalog-breadcrumbs';
import { showImageError } from '../image-save-error';
import { useCategory, useCategoryImage, useCategoryTree, useUpdateCategory } from './categories.queries';
import { CategoryFormView } from './category-form';
import { categoryFormValues, categoryPatch } from './category-form-values';
import { useCategoryForm } from './use-category-form';

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text fw={500} component="dd" m={0}>
        {value}
      </Text>
    </div>
  );
}

/** What the category holds and when it last changed. */
function CategoryFacts({ category }: { category: CategoryResponse }) {
  const { t } = useTranslation('categories');
  const { dateTime } = useFormatters();
  return (
    <Fieldset legend={t('form.facts')}>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} m={0}>
        <Fact
          label={t('form.products')}
          value={t('form.productsCount', {
            count: category.numberOfProducts,
            published: category.numberOfPublishedProducts,
          })}
        />
        <Fact label={t('form.questions')} value={category.numberOfQuestions} />
        <Fact label={t('form.createdAt')} value={dateTime(category.createdAt)} />
        <Fact label={t('form.updatedAt')} value={dateTime(category.updatedAt)} />
      </SimpleGrid>
    </Fieldset>
  );
}

interface EditCategoryFormProps {
  category: CategoryResponse;
  tree: readonly CategoryTreeNode[];
  readOnly: boolean;
}

function EditCategoryForm({ category, tree, readOnly }: EditCategoryFormProps) {
  const { t } = useTranslation('categories');
  const navigate = useNavigate();
  const form = useCategoryForm(categoryFormValues(category), false);
  const update = useUpdateCategory(category.id);
  const image = useCategoryImage();
  const done = () =>
    navigate(withAlert('/categories/list', { type: 'success', message: 'categories:alert.updated' }));

  const save = async (values: ReturnType<typeof form.getValues>) => {
    const patch = categoryPatch(form.getInitialValues(), values);
    try {
      if (Object.keys(patch).length > 0) {
        await update.mutateAsync(patch);
        // Saved: a second try (after an image refusal) sends only what changes from now on.
        form.setInitialValues({ ...values, image: form.getInitialValues().image });
      }
    } catch (error) {
      return showSaveError(form, error);
    }
    if (values.image.file || values.image.remove) {
      try {
        await image.mutateAsync({ id: category.id, file: values.image.file });
      } catch (error) {
        return showImageError(form, 'image', error);
      }
    }
    done();
  };

  return (
    <CategoryFormView
      form={form}
      category={category}
      tree={tree}
      withAccount={false}
      readOnly={readOnly}
      submitLabel={t('edit.submit')}
      submitting={update.isPending || image.isPending}
      onSubmit={(values) => void save(values)}
      footer={<CategoryFacts category={category} />}
    />
  );
}

/** `/category/:id/edit`: changes a category (its buyer stays); read-only without the right to write. */
export function CategoryEditPage() {
  const { t } = useTranslation('categories');
  const { id = '' } = useParams();
  const { can } = useSession();
  const readOnly = !can('category.create');
  const category = useCategory(id);
  const tree = useCategoryTree();
  const breadcrumbs = useCatalogBreadcrumbs('categories');
  const name = category.data?.label ?? '';
  const title = readOnly ? t('edit.viewTitle') : t('edit.title');
  const actions: PageHeaderAction[] = can('question.list')
    ? [{ label: t('actions.questions'), icon: IconListCheck, to: `/diagnostic/category/${id}` }]
    : [];
  usePageHeader({
    title: name ? `${title} · ${name}` : title,
    icon: IconCategory,
    breadcrumbs: [...breadcrumbs, { label: name || title }],
    actions,
  });

  if (!category.data || !tree.data) return <PageLoader />;
  return (
    <EditCategoryForm key={category.data.id} category={category.data} tree={tree.data} readOnly={readOnly} />
  );
}
