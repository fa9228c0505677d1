import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** Stocks and items in stock (Stocks). */
export const stocksRoutes: RouteObject[] = [
  {
    path: 'stocks',
    handle: { permission: 'stock.manage', refurbishmentFeature: 'advancedStocks' } satisfies RouteHandle,
    lazy: screen(
      () => import('./stocks-list-page'),
      (m) => m.StocksListPage,
    ),
  },
  {
    path: 'stocks/create',
    handle: { permission: 'stock.manage', refurbishmentFeature: 'advancedStocks' } satisfies RouteHandle,
    lazy: screen(
      () => import('./stock-pages'),
      (m) => m.StockCreatePage,
    ),
  },
  {
    path: 'stocks/:id/edit',
    handle: { permission: 'stock.manage', refurbishmentFeature: 'advancedStocks' } satisfies RouteHandle,
    lazy: screen(
      () => import('./stock-pages'),
      (m) => m.StockEditPage,
    ),
  },
  {
    path: 'items-stock',
    handle: { permission: 'items_stock.read' } satisfies RouteHandle,
    lazy: screen(
      () => import('./items-stock-list-page'),
      (m) => m.ItemsStockListPage,
    ),
  },
  {
    // the item page: read by whoever reads items in stock, its fields written with stock.manage
    path: 'items-stock/:id/edit',
    handle: { permission: 'items_stock.read' } satisfies RouteHandle,
    lazy: screen(
      () => import('./item-stock-page'),
      (m) => m.ItemStockPage,
    ),
  },
];
