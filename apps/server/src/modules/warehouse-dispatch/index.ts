/** The door of modules/warehouse-dispatch: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { chooseWarehouses } from './dispatch-buybacks.service';
export { registerWarehouseDispatchRoutes } from './warehouse-dispatch.routes';
