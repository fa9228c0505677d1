/**
 * The door of modules/tracking-links (docs/tracking.md): a buyback's tracking link (issued on first
 * use), the customer mails' tracking lines and the progress mails. Below the modules that mail
 * customers or print their documents (buybacks, warehouse, payments); the page and its API are
 * modules/tracking's.
 */
export { findLatestLink, findLiveLink, findSite, insertUnsubscription, revokeLink } from './links.repository';
export { findLinkOfToken, tokenOf, trackingLinkOf } from './links.service';
export { trackingUrls } from './links.urls';
export type { ProgressStep } from './progress.mails';
export { progressMailsStopped, queueProgressMail, withTrackingLinks } from './progress.service';
