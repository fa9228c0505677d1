/** What other features use of this one: they import it from here, never from its other files. */
export { BannerCard, HomeForm } from './home-page-config-page';
export { DocumentCard, SettingsForm } from './site-settings-page';
export { SiteForm } from './sites-page';
export { useHomePageConfig, useSites, useWhiteLabelSettings } from './white-label.queries';
