/** What other features use of this one: they import it from here, never from its other files. */
export { TrackingLinkSection } from './tracking-link-section';
