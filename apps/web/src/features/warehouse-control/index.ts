/** What other features use of this one: they import it from here, never from its other files. */
export { Facts } from './litigation-details';
export { LitigationSection } from './litigation-section';
export { StartControlButton } from './start-control-button';
