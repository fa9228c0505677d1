/** The door of modules/connectors: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export {
  activeConnectorActions,
  CONNECTOR_FQN,
  findActiveConfiguration,
  insertConfiguration,
  listActiveConfigurations,
  type ResolvedConfiguration,
  resolveConfiguration,
} from './connector-configurations';
export { protectConnectorSecretsAtRest } from './connector-secrets-at-rest';
export { registerConnectorRoutes } from './connectors.routes';
export { launchPremiumAction } from './connectors.service';
