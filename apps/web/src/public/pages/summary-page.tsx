import type { PickupSlotsResponse } from '@reprise/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { countryName } from '../../lib/countries';
import { useResource } from '../api';
import {
  type Cart,
  canContinue,
  cartTotalCents,
  checkoutKeyOfCart,
  isCollected,
  saveCartPickupSlot,
  useCart,
} from '../journey/cart';
import { acceptTerms } from '../journey/checkout';
import { readIban } from '../journey/customer-store';
import { PriceLines } from '../journey/price';
import { minimumCentsOf, useBuybackSettings } from '../journey/settings';
import { useFormatPrice, usePageTitle } from '../use-page-title';
import { LoadError, Loading } from './states';

/**
 * `/cart/summary`: each buyback with its price breakdown, the customer, the total, and the terms
 * of service to accept (required on the web) before the checkout.
 */
export function SummaryPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const money = useFormatPrice();
  const cart = useCart();
  const settings = useBuybackSettings();
  const [accepted, setAccepted] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [slotsOffered, setSlotsOffered] = useState(false);
  usePageTitle(t('summary.title'));

  if (!cart) return <Navigate to="/cart" replace />;
  if (!cart.customer) return <Navigate to="/cart/customer-infos" replace />;
  if (settings.status === 'loading') return <Loading />;
  if (settings.status === 'error') return <LoadError />;
  if (!canContinue(cart, minimumCentsOf(settings.data))) return <Navigate to="/cart" replace />;
  const { customer } = cart;
  const iban = readIban(cart.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (cart.buybacks.some(isCollected) && slotsOffered && !cart.pickupSlot) {
      setAttempted(true);
      document.getElementById('pickup-slot')?.focus();
      return;
    }
    if (!accepted) {
      setAttempted(true);
      document.getElementById('terms')?.focus();
      return;
    }
    const key = checkoutKeyOfCart();
    if (!key) return;
    acceptTerms(key);
    navigate(`/cart/${cart.id}/checkout`);
  };

  return (
    <div className="container page">
      <h1>{t('summary.title')}</h1>
      <ol className="summary-lines">
        {cart.buybacks.map((line, index) => (
          <li key={line.inCartId} className="panel" data-testid="summary-line">
            <h2 className="h3">{t('summary.buyback', { number: index + 1, name: line.product.name })}</h2>
            <dl className="facts">
              {line.imei && (
                <div>
                  <dt>{t('journey.imei.label')}</dt>
                  <dd>{line.imei}</dd>
                </div>
              )}
              {line.answerSummary.map((answer) => (
                <div key={answer.questionTitle}>
                  <dt>{answer.questionTitle}</dt>
                  <dd>{answer.answerTitles.join(', ')}</dd>
                </div>
              ))}
              <div>
                <dt>{t('delivery.transport')}</dt>
                <dd>{line.shippingMethod.name}</dd>
              </div>
              <div>
                <dt>{t('delivery.payment')}</dt>
                <dd>{line.paymentMethod.label}</dd>
              </div>
            </dl>
            <PriceLines price={line.price} />
          </li>
        ))}
      </ol>
      <section className="panel" aria-labelledby="summary-customer">
        <h2 id="summary-customer" className="h3">
          {t('customer.title')}
        </h2>
        <p>
          {customer.firstName} {customer.lastName}
          <br />
          {customer.email} · {customer.phone}
          <br />
          {[customer.street, customer.streetMore].filter(Boolean).join(', ')}, {customer.zip} {customer.city},{' '}
          {countryName(i18n.language, customer.country)}
          {iban && (
            <>
              <br />
              {t('customer.iban')} {iban}
            </>
          )}
        </p>
        <p>
          <Link to="/cart/customer-infos">{t('summary.editCustomer')}</Link>
        </p>
      </section>
      <p className="summary-total" data-testid="summary-total">
        {t('cart.total', { total: money(cartTotalCents(cart)) })}
      </p>
      <form noValidate onSubmit={submit}>
        {cart.buybacks.some(isCollected) && (
          <PickupSlotField cart={cart} attempted={attempted} onOffered={setSlotsOffered} />
        )}
        <div className="field">
          <label className="inline-check">
            <input
              id="terms"
              type="checkbox"
              checked={accepted}
              required
              aria-invalid={attempted && !accepted ? true : undefined}
              aria-describedby={attempted && !accepted ? 'terms-error' : undefined}
              onChange={(e) => setAccepted(e.target.checked)}
            />
            <span>
              {t('summary.termsBefore')}{' '}
              <a href="/cgs" target="_blank" rel="noopener">
                {t('summary.termsLink')}
                <span className="visually-hidden"> {t('summary.newTab')}</span>
              </a>
            </span>
          </label>
          {attempted && !accepted && (
            <p id="terms-error" className="field-error" role="alert">
              {t('errors.terms_not_accepted')}
            </p>
          )}
        </div>
        <div className="actions">
          <Link className="button button-secondary" to="/cart/customer-infos">
            {t('journey.back')}
          </Link>
          <button type="submit" className="button">
            {t('summary.confirm', { count: cart.buybacks.length })}
          </button>
        </div>
      </form>
    </div>
  );
}

/** The collect lines' pick-up slot, among those the carrier offers at the customer's address. */
function PickupSlotField({
  cart,
  attempted,
  onOffered,
}: {
  cart: Cart;
  attempted: boolean;
  onOffered: (offered: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const customer = cart.customer;
  const slots = useResource<PickupSlotsResponse>(
    customer
      ? `/api/pickup-slots?${new URLSearchParams({ country: customer.country, zip: customer.zip })}`
      : null,
  );
  const offered = slots.status === 'ready' && slots.data.available ? slots.data.slots : [];
  useEffect(() => onOffered(offered.length > 0), [offered.length, onOffered]);
  if (offered.length === 0) return null;
  const format = (iso: string, withDay: boolean) =>
    new Intl.DateTimeFormat(i18n.language, {
      ...(withDay ? { weekday: 'long', day: 'numeric', month: 'long' } : {}),
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(iso));
  const missing = attempted && !cart.pickupSlot;
  return (
    <div className="field">
      <label htmlFor="pickup-slot">{t('summary.pickupSlot')}</label>
      <select
        id="pickup-slot"
        required
        value={cart.pickupSlot?.start ?? ''}
        aria-invalid={missing ? true : undefined}
        aria-describedby={missing ? 'pickup-slot-error' : undefined}
        onChange={(e) => saveCartPickupSlot(offered.find((slot) => slot.start === e.target.value) ?? null)}
      >
        <option value="">{t('summary.pickupChoose')}</option>
        {offered.map((slot) => (
          <option key={slot.start} value={slot.start}>
            {format(slot.start, true)} – {format(slot.end, false)}
          </option>
        ))}
      </select>
      {missing && (
        <p id="pickup-slot-error" className="field-error" role="alert">
          {t('summary.pickupRequired')}
        </p>
      )}
    </div>
  );
}
