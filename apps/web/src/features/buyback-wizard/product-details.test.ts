import { describe, expect, it } from 'vitest';
import { productDetails } from './product-details';

describe('product details under its name', () => {
  it('does not repeat a brand the product name already starts with', () => {
    expect(productDetails('Apple iPhone 11 128 Go Noir', ['Apple', 'Apple'])).toBe('');
    expect(productDetails('iPhone 11 128 Go Noir', ['Apple', 'Smartphones'])).toBe('Apple · Smartphones');
  });

  it('shows each detail once, whatever its case', () => {
    expect(productDetails('Galaxy A52s', ['Samsung', 'samsung', 'Android'])).toBe('Samsung · Android');
  });

  it('leaves out the model the name already holds, and empty details', () => {
    expect(productDetails('Apple iPhone 11 128 Go', ['Apple', 'iPhone 11', null, ' '])).toBe('');
  });
});
