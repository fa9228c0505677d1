/** The door of modules/sandbox-device-check: its routes (app.ts). */
export { registerSandboxDeviceCheckRoutes } from './sandbox-device-check.routes';
