import type { PublicCategoriesResponse, PublicCategory, PublicSearchResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useResource } from '../api';
import { ProductCards } from '../product-cards';
import { usePageTitle } from '../use-page-title';
import { NotFoundPage } from './not-found-page';
import { LoadError, Loading } from './states';

const categoryPath = (category: PublicCategory) => `/category/${category.id}/${category.slug}`;

function CategoryList({ categories }: { categories: PublicCategory[] }) {
  const { t } = useTranslation();
  return (
    <ul className="category-grid">
      {categories.map((category) => (
        <li key={category.id} className="category-card">
          <Link to={categoryPath(category)} className="card-link">
            {category.label}
          </Link>
          <span className="muted small">{t('categories.count', { count: category.productCount })}</span>
        </li>
      ))}
    </ul>
  );
}

/** The categories tree; 404 `category_navigation_disabled` (or any 404) shows not found. */
function useCategories() {
  return useResource<PublicCategoriesResponse>('/api/white-label/categories');
}

/** `/categories`: the top categories of the catalogue (only when category navigation is enabled). */
export function CategoriesPage() {
  const { t } = useTranslation();
  const categories = useCategories();
  usePageTitle(categories.status === 'error' ? null : t('categories.title'));
  if (categories.status === 'loading') return <Loading />;
  if (categories.status === 'error')
    return categories.error.status === 404 ? <NotFoundPage /> : <LoadError />;
  const roots = categories.data.member.filter((c) => c.parentId === null && c.productCount > 0);
  return (
    <div className="container page">
      <h1>{t('categories.title')}</h1>
      {roots.length === 0 ? <p>{t('categories.none')}</p> : <CategoryList categories={roots} />}
    </div>
  );
}

/** `/category/:id/:slug`: a category's sub-categories and its published products (search by category). */
export function CategoryPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const categories = useCategories();
  const category =
    categories.status === 'ready' ? (categories.data.member.find((c) => c.id === id) ?? null) : null;
  const products = useResource<PublicSearchResponse>(
    category ? `/api/white-label/search?categoryId=${encodeURIComponent(category.id)}` : null,
  );
  usePageTitle(category ? category.label : null);
  if (categories.status === 'loading') return <Loading />;
  if (categories.status === 'error')
    return categories.error.status === 404 ? <NotFoundPage /> : <LoadError />;
  if (!category) return <NotFoundPage />;
  const children = categories.data.member.filter((c) => c.parentId === category.id && c.productCount > 0);
  const parent = categories.data.member.find((c) => c.id === category.parentId) ?? null;
  return (
    <div className="container page">
      <nav aria-label={t('categories.breadcrumb')} className="breadcrumb">
        <ol>
          <li>
            <Link to="/categories">{t('categories.title')}</Link>
          </li>
          {parent && (
            <li>
              <Link to={categoryPath(parent)}>{parent.label}</Link>
            </li>
          )}
          <li aria-current="page">{category.label}</li>
        </ol>
      </nav>
      <h1>{category.label}</h1>
      {category.description && <p>{category.description}</p>}
      {children.length > 0 && (
        <section aria-labelledby="sub-categories">
          <h2 id="sub-categories">{t('categories.sub')}</h2>
          <CategoryList categories={children} />
        </section>
      )}
      <section aria-labelledby="category-products">
        <h2 id="category-products">{t('categories.products')}</h2>
        {products.status === 'loading' && <Loading />}
        {products.status === 'error' && <LoadError />}
        {products.status === 'ready' &&
          (products.data.member.length === 0 ? (
            <p>{t('search.none')}</p>
          ) : (
            <ProductCards products={products.data.member} />
          ))}
      </section>
    </div>
  );
}
