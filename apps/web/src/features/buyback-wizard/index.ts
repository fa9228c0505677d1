/** What other features use of this one: they import it from here, never from its other files. */
export { StepQuestion } from './step-question';
export { useBuybackQuestionnaire, useOfferedCircuits } from './wizard.queries';
