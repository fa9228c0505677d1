/** What other features use of this one: they import it from here, never from its other files. */

export { PickupSlotSelect } from './pickup-block';
export { TransportSection } from './transport-section';
