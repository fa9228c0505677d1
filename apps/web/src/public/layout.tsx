import { LOCALES, type Locale } from '@reprise/shared/enums';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { trackPageView } from './analytics';
import { ConsentBanner } from './consent-banner';
import { chooseLocale } from './i18n';
import { useCart } from './journey/cart';
import { useSite } from './site-context';

/** While the cart holds buybacks, leaving the site asks first. */
function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers need a return value to show the prompt
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/** The public site's layout: brand header, page, footer with the legal links, consent banner. */
export function Layout() {
  const { t } = useTranslation();
  const { config } = useSite();
  const { brand } = config;
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  const cart = useCart();
  const count = cart?.buybacks.length ?? 0;
  useLeaveWarning(count > 0);

  useEffect(() => {
    trackPageView(location.pathname);
    // after a navigation, screen readers and the keyboard start at the new page
    if (first.current) first.current = false;
    else main.current?.focus({ preventScroll: true });
  }, [location.pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      {/* first in reading order, so screen readers meet the choice before the page */}
      <ConsentBanner />
      <header className="site-header">
        <div className="container header-inner">
          <Link to="/" className="brand" aria-label={t('nav.homeOf', { name: brand.name })}>
            {brand.logo ? (
              <img src={brand.logo} alt={brand.name} height={40} className="brand-logo" />
            ) : (
              <span className="brand-name">{brand.name}</span>
            )}
          </Link>
          <nav aria-label={t('nav.label')}>
            <ul className="nav-list">
              <li>
                <NavLink to="/search">{t('nav.search')}</NavLink>
              </li>
              <li>
                <NavLink to="/stores">{t('nav.stores')}</NavLink>
              </li>
              <li>
                <NavLink to="/cart" end data-testid="cart-link">
                  {count > 0 ? t('nav.cartCount', { count }) : t('nav.cart')}
                </NavLink>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </>
  );
}

function Footer() {
  const { t, i18n } = useTranslation();
  const { config } = useSite();
  const links: [string, string][] = [
    ['/cgu', t('footer.cgu')],
    ['/cgs', t('footer.cgs')],
    ['/faq', t('footer.faq')],
    ['/contact', t('footer.contact')],
    ['/cookies-policy', t('footer.cookies')],
  ];
  if (config.accessibilityStatement) links.push(['/accessibility-statement', t('footer.accessibility')]);
  const external = config.externalWebsiteLink;
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <nav aria-label={t('footer.label')}>
          <ul className="footer-links">
            {links.map(([to, label]) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
            {external && (
              <li>
                <a
                  href={external.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('footer.newTab', { text: external.text })}
                >
                  {external.text}
                </a>
              </li>
            )}
          </ul>
        </nav>
        <label className="language">
          <span>{t('footer.language')}</span>
          <select value={i18n.language} onChange={(e) => void chooseLocale(e.target.value as Locale)}>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {t(`languages.${locale}`)}
              </option>
            ))}
          </select>
        </label>
        <p className="muted">© {config.brand.name}</p>
      </div>
    </footer>
  );
}
