import type { PublicProductCard } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { productPath } from './journey/paths';
import { useFormatPrice } from './use-page-title';

/** Products with their best trade-in price; each leads to its product page (the questions). */
export function ProductCards({
  products,
  headingLevel = 3,
}: {
  products: PublicProductCard[];
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="product-grid">
      {products.map((product) => (
        <li key={product.id} className="product-card">
          {product.image ? (
            <img src={product.image.url} alt="" width={160} height={160} loading="lazy" decoding="async" />
          ) : (
            <div className="product-image-placeholder" aria-hidden="true" />
          )}
          <Heading className="product-name">
            <Link to={productPath(product.id, product.name)} className="card-link">
              {product.name}
            </Link>
          </Heading>
          {product.brand && <p className="muted">{product.brand}</p>}
          <p className="product-price">{t('product.upTo', { price: price(product.maxPrice) })}</p>
        </li>
      ))}
    </ul>
  );
}
