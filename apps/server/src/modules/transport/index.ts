/** The door of modules/transport: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */

export { hasPickup } from './pickups.rules';
export { type PickupJob, requestPickups, runPickupJob } from './pickups.service';
export {
  activeTransportConfiguration,
  carrierLabelPdf,
  carrierLabelState,
  requestShipments,
  runShipmentJob,
  type ShipmentJob,
} from './shipments.service';
export { hasShippingLabel, shippingLabelState } from './shipping-labels';
export { transportStatusReactions } from './status-reactions';
export { registerTransportRoutes } from './transport.routes';
