/** What the buyback configuration's other parts (dispatch circuit rules) use of its circuits. */
export {
  dispatchCircuitRuleCategoriesOf,
  type InstructionRow,
  instructionsOf,
  replaceInstructions,
} from './circuits.repository';
