/** The door of modules/accounts: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { extensionOf, imageCacheControl, imageVersion } from './account-images';
export { findAccountSettings, findOrganization } from './account-settings.repository';
export { faviconUrl, logoUrl, toAccountResponse } from './accounts.mapper';
export { findReachableAccount } from './accounts.repository';
export { registerAccountRoutes } from './accounts.routes';
export { linkedBuyerViolations } from './linked-buyers.service';
export { sendPolicyFile } from './policy-file-reply';
export { publicPolicyFileUrl } from './root-details.mapper';
export { readAccountPolicyFile } from './root-details.service';
export { readUploadedFile } from './uploaded-file';
