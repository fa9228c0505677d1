/** The door of features/connectors: what the app's shell and other features use of it. */

export { useRefurbishmentFeature } from './refurbishment-features';
export { RefurbishmentGate } from './refurbishment-gate';
