/** The door of modules/sandbox-device-check: its routes (app.ts) and its sign-up (the demo seed). */
export { registerSandboxDeviceCheckRoutes } from './sandbox-device-check.routes';
export {
  setAnswers as setSandboxDeviceCheckAnswers,
  signUp as signUpSandboxDeviceCheck,
} from './sandbox-device-check.service';
