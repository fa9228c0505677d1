/** What other features use of this one: they import it from here, never from its other files. */
export { LitigationSection } from './litigation-section';
export { StartControlButton } from './start-control-button';
