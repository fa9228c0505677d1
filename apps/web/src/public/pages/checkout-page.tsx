import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError, postJson } from '../api';
import { type Cart, clearCart, useCart } from '../journey/cart';
import { saveConfirmation, termsAcceptedFor, webCheckoutBody } from '../journey/checkout';
import { FIELD_LABEL_KEYS, type FieldPath } from '../journey/customer-form';
import { clearIban, readIban } from '../journey/customer-store';
import { isEstimateErrorCode } from '../journey/estimate-errors';
import { usePageTitle } from '../use-page-title';
import { recoverFromLostSession } from '../visitor-context';

/** Failures the visitor fixes in the cart or the form, rather than by sending again. */
const FIXABLE = new Set(['cart_below_minimum', 'cart_too_many_items', 'terms_not_accepted']);

/**
 * `/cart/:cartId/checkout`: sends the cart once with the attempt's Idempotency-Key (a retry sends
 * the same key: the server answers the first result instead of creating the buybacks twice), then
 * the confirmation.
 */
export function CheckoutPage() {
  const { cartId = '' } = useParams();
  const cart = useCart();
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  usePageTitle(t('checkout.title'));
  // checked first: the cart is emptied by the checkout that succeeded
  if (done) return <Navigate to="/buyback-confirmation" replace />;
  if (!cart || cart.id !== cartId || !cart.customer) return <Navigate to="/cart" replace />;
  if (!termsAcceptedFor(cart.checkoutKey)) return <Navigate to="/cart/summary" replace />;
  return <RunCheckout cart={cart} onDone={() => setDone(true)} />;
}

function RunCheckout({ cart, onDone }: { cart: Cart; onDone: () => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<ApiError | null>(null);
  const [sending, setSending] = useState(false);
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const send = async () => {
    const key = cart.checkoutKey;
    if (!key) return;
    setSending(true);
    setError(null);
    try {
      const result = await postJson<{ cartId: string; buybacks: { id: string }[] }>(
        '/api/carts',
        webCheckoutBody(cart, readIban(cart.id)),
        { 'Idempotency-Key': key },
      );
      saveConfirmation(result.buybacks.map((b) => b.id));
      onDone();
      clearCart();
      clearIban();
    } catch (failure) {
      if (recoverFromLostSession(failure)) return;
      setSending(false);
      setError(failure instanceof ApiError ? failure : new ApiError(0, 'network_error'));
      heading.current?.focus();
    }
  };

  useEffect(() => {
    // once per attempt, even when React runs effects twice
    if (started.current) return;
    started.current = true;
    void send();
  });

  if (!error)
    return (
      <div className="container page">
        <h1>{t('checkout.title')}</h1>
        <p role="status" className="page-state">
          {t('checkout.sending', { count: cart.buybacks.length })}
        </p>
      </div>
    );

  const fieldLabel = (propertyPath: string) => {
    const key = FIELD_LABEL_KEYS[propertyPath.replace(/^customer\./, '') as FieldPath];
    return key ? t(key) : propertyPath;
  };
  const violations = error.status === 422 ? error.violations : [];
  const fixable = violations.length > 0 || (error.code !== null && FIXABLE.has(error.code));
  const message =
    violations.length > 0
      ? t('checkout.invalid')
      : error.code && FIXABLE.has(error.code)
        ? t(`errors.${error.code}`)
        : error.code && isEstimateErrorCode(error.code)
          ? t(`estimateError.${error.code}`)
          : t('estimateError.buyback_creation_failed');
  return (
    <div className="container page">
      <h1 ref={heading} tabIndex={-1}>
        {t('checkout.failed')}
      </h1>
      <div className="notice notice-error" role="alert">
        <p data-testid="checkout-error">{message}</p>
        {violations.length > 0 && (
          <ul>
            {violations.map((violation) => (
              <li key={`${violation.propertyPath}-${violation.code}`}>
                {fieldLabel(violation.propertyPath)}:{' '}
                {t(`errors.${violation.code}`, { defaultValue: t('errors.invalid_value') })}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="actions">
        {fixable ? (
          <Link
            className="button"
            to={error.code === 'terms_not_accepted' ? '/cart/summary' : '/cart/customer-infos'}
          >
            {t('checkout.fix')}
          </Link>
        ) : (
          <button type="button" className="button" onClick={() => void send()} disabled={sending}>
            {t('checkout.retry')}
          </button>
        )}
        <Link className="button button-secondary" to="/cart">
          {t('checkout.backToCart')}
        </Link>
      </div>
    </div>
  );
}
