import type { PublicCategoriesResponse, PublicSearchResponse } from '@reprise/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { getJson, useResource } from '../api';
import { ImeiResults, ImeiSearchForm, useImeiSearchOffered } from '../imei-search';
import { ProductCards } from '../product-cards';
import { SearchForm } from '../search-form';
import { useSite } from '../site-context';
import { usePageTitle } from '../use-page-title';

type Results = { q: string; pages: PublicSearchResponse[] } | { q: string; failed: true };

/**
 * `/search?q=`: the published products of the retailer's catalogue matching the words;
 * `/search?imei=` when the retailer offers the search by IMEI (imei-search.tsx).
 */
export function SearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const imeiOffered = useImeiSearchOffered();
  const { noSearchResultDescription } = useSite().config;
  const imei = imeiOffered ? (params.get('imei') ?? '').trim() : '';
  const [results, setResults] = useState<Results | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const title = imei
    ? t('imeiSearch.resultsFor', { imei })
    : q
      ? t('search.resultsFor', { q })
      : t('search.title');
  usePageTitle(title);

  useEffect(() => {
    setResults(null);
    if (!q) return;
    const controller = new AbortController();
    getJson<PublicSearchResponse>(
      `/api/white-label/search?q=${encodeURIComponent(q)}`,
      controller.signal,
    ).then(
      (page) => setResults({ q, pages: [page] }),
      (error: Error) => {
        if (error.name !== 'AbortError') setResults({ q, failed: true });
      },
    );
    return () => controller.abort();
  }, [q]);

  const more = async () => {
    if (!results || 'failed' in results) return;
    setLoadingMore(true);
    try {
      const next = await getJson<PublicSearchResponse>(
        `/api/white-label/search?q=${encodeURIComponent(q)}&page=${results.pages.length + 1}`,
      );
      setResults({ q, pages: [...results.pages, next] });
    } catch {
      setResults({ q, failed: true });
    } finally {
      setLoadingMore(false);
    }
  };

  const pages = results && !('failed' in results) ? results.pages : null;
  const products = pages?.flatMap((p) => p.member) ?? [];
  const total = pages?.[0]?.totalItems ?? 0;
  return (
    <div className="container page">
      <h1>{title}</h1>
      <SearchForm key={q} label={t('search.regionLabel')} initial={q} />
      {imeiOffered && <ImeiSearchForm key={imei} initial={imei} />}
      <CategoriesLink />
      {imei && <ImeiResults imei={imei} />}
      <div className="search-results" hidden={Boolean(imei)}>
        {!q && !imei && <p>{t('search.empty')}</p>}
        {q && !results && (
          <p role="status" className="page-state">
            {t('loading')}
          </p>
        )}
        {results && 'failed' in results && <p role="alert">{t('search.error')}</p>}
        {pages && (
          <>
            <p role="status">{total === 0 ? t('search.none') : t('search.count', { count: total })}</p>
            {total === 0 && noSearchResultDescription && (
              <p data-testid="no-result-description" style={{ whiteSpace: 'pre-line' }}>
                {noSearchResultDescription}
              </p>
            )}
            <ProductCards products={products} headingLevel={2} />
            {products.length < total && (
              <button type="button" className="button button-secondary" onClick={more} disabled={loadingMore}>
                {t('search.more')}
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
}

/** Browsing by category, offered only when the retailer enables category navigation. */
function CategoriesLink() {
  const { t } = useTranslation();
  const categories = useResource<PublicCategoriesResponse>('/api/white-label/categories');
  if (categories.status !== 'ready') return null;
  return (
    <p>
      <Link to="/categories">{t('categories.browse')}</Link>
    </p>
  );
}
