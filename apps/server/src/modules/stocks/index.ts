/** The door of modules/stocks: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { registerStockRoutes } from './stocks.routes';
