/** The door of modules/sandbox-payouts: its routes (app.ts) and its jobs (workers.ts). */
export { registerSandboxPayoutRoutes } from './sandbox-payouts.routes';
export {
  protectSandboxPayoutKeysAtRest,
  runSandboxPayoutJob,
  type SandboxPayoutJob,
} from './sandbox-payouts.service';
