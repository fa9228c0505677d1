import type { PublicHomeResponse, PublicHomeWidget } from '@reprise/shared';
import { type MouseEvent, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useResource } from '../api';
import { ProductCards } from '../product-cards';
import { SearchForm } from '../search-form';
import { useSite } from '../site-context';
import { setPageMeta } from '../theme';
import { LoadError, Loading } from './states';

/** Home: the search banner and the widgets of the retailer's home page configuration, in order. */
export function HomePage() {
  const { t } = useTranslation();
  const { brand } = useSite().config;
  const home = useResource<PublicHomeResponse>('/api/white-label/home');
  const data = home.status === 'ready' ? home.data : null;

  useEffect(() => {
    if (data) setPageMeta(data.metaTitle ?? brand.name, data.metaDescription);
  }, [data, brand.name]);

  if (home.status === 'loading') return <Loading />;
  if (home.status === 'error') return <LoadError />;
  const { banner, widgets } = home.data;
  return (
    <>
      <section
        className={banner.image ? 'banner banner-image' : 'banner'}
        style={banner.image ? { backgroundImage: `url("${banner.image}")` } : undefined}
      >
        <div className="container banner-inner">
          <h1>{banner.title ?? t('banner.defaultTitle')}</h1>
          <SearchForm label={t('search.regionLabel')} />
        </div>
      </section>
      <div className="container widgets">
        {widgets.map((widget, index) => (
          // the list is the page's fixed order: its index is its identity
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Widget key={index} widget={widget} />
        ))}
      </div>
    </>
  );
}

function Widget({ widget }: { widget: PublicHomeWidget }) {
  const { t } = useTranslation();
  switch (widget.type) {
    case 'search':
      return (
        <section className="widget widget-search" aria-labelledby="widget-search-title">
          <h2 id="widget-search-title">{t('search.widgetTitle')}</h2>
          <SearchForm label={t('search.widgetTitle')} />
        </section>
      );
    case 'featured_products':
      return (
        <section className="widget" aria-labelledby="widget-featured-title">
          <h2 id="widget-featured-title">{t('product.featuredTitle')}</h2>
          <ProductCards products={widget.products} />
        </section>
      );
    case 'custom_html':
      return <CustomHtml html={widget.html} />;
  }
}

/** The retailer's HTML block, sanitised by the server; its links to the site navigate without a reload. */
function CustomHtml({ html }: { html: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    if (!link || link.target || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0)
      return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
  // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: only intercepts clicks on the links inside, which stay keyboard links
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by an allow-list (white-label/html-sanitizer.ts)
  return <div className="widget widget-html" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
