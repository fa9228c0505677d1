import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  type AddResult,
  canAddAnother,
  canContinue,
  cartTotalCents,
  missingToMinimumCents,
  removeFromCart,
  useCart,
} from '../journey/cart';
import { CartLines } from '../journey/cart-lines';
import { minimumCentsOf, useBuybackSettings } from '../journey/settings';
import { useFormatPrice, usePageTitle } from '../use-page-title';
import { useVisitor } from '../visitor-context';
import { LoadError, Loading } from './states';

/**
 * `/cart`: the visitor's buybacks (remove with confirmation), another product while the cart is
 * not full (200 with multi_product_cart, else 1), the minimum cart value with what is missing and
 * the way on disabled below it.
 */
export function CartPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const money = useFormatPrice();
  const visitor = useVisitor();
  const cart = useCart();
  const settings = useBuybackSettings();
  const { state } = useLocation() as { state: { added?: AddResult } | null };
  usePageTitle(t('cart.title'));

  if (!cart)
    return (
      <div className="container page">
        <h1>{t('cart.title')}</h1>
        <p>{t('cart.empty')}</p>
        <p>
          <Link className="button" to="/search">
            {t('cart.findProduct')}
          </Link>
        </p>
      </div>
    );
  if (visitor.status === 'starting' || settings.status === 'loading') return <Loading />;
  if (visitor.status === 'failed' || settings.status === 'error') return <LoadError />;

  const maxItems = visitor.maxItems;
  const minimumCents = minimumCentsOf(settings.data);
  const missing = missingToMinimumCents(cart, minimumCents);
  const goOn = canContinue(cart, minimumCents);
  return (
    <div className="container page">
      <h1>{t('cart.title')}</h1>
      {state?.added === 'added' && (
        <p className="notice notice-success" role="status">
          {t('cart.added')}
        </p>
      )}
      {state?.added === 'full' && (
        <p className="notice notice-warning" role="status">
          {t('cart.notAdded')}
        </p>
      )}
      <section aria-labelledby="cart-lines-title" className="panel">
        <h2 id="cart-lines-title">{t('cart.lines', { count: cart.buybacks.length })}</h2>
        <CartLines
          lines={cart.buybacks}
          onRemove={(line) => {
            const left = removeFromCart(line.inCartId);
            // the last one removed: the cart is empty, home
            if (left === 0) navigate('/', { replace: true });
          }}
        />
        <p className="cart-total" data-testid="cart-total">
          {t('cart.total', { total: money(cartTotalCents(cart)) })}
        </p>
        <p className="muted small">
          {maxItems > 1 ? t('cart.limit', { count: maxItems }) : t('cart.single')}
        </p>
        {canAddAnother(cart, maxItems) && (
          <p>
            <Link className="button button-secondary" to="/search">
              {t('cart.addAnother')}
            </Link>
          </p>
        )}
      </section>
      {missing > 0 && (
        <p className="notice notice-warning" role="status" data-testid="cart-minimum" id="cart-minimum">
          {t('cart.minimum', { minimum: money(minimumCents), missing: money(missing) })}
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={!goOn}
          aria-describedby={missing > 0 ? 'cart-minimum' : undefined}
          onClick={() => navigate('/cart/customer-infos')}
        >
          {t('cart.continue')}
        </button>
      </div>
    </div>
  );
}
