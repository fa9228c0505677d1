/** The door of modules/sandbox-carrier: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { registerSandboxCarrierRoutes } from './sandbox-carrier.routes';
export {
  protectSandboxSecretsAtRest,
  runSandboxCarrierJob,
  type SandboxCarrierJob,
} from './sandbox-carrier.service';
