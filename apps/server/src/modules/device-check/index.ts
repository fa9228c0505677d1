/** The door of modules/device-check: what other modules, app.ts and workers.ts use of it (docs/device-check.md). */
export { registerDeviceCheckRoutes } from './device-check.routes';
export {
  checkAtCheckIn,
  checkNewBuybacks,
  type DeviceCheckJob,
  type Lookup as DeviceLookup,
  latestDeviceChecks,
  lookUpBeforeCommand,
  recordNewBuybackChecks,
  runDeviceCheckJob,
} from './device-check.service';
