/** What other features use of this one: they import it from here, never from its other files. */
export { checkinKeys, useMenuRequirements } from './checkin-settings.queries';
export { MarkSentButton } from './mark-sent-button';
export { useSendSelection } from './send-selection';
export { stockLabel } from './stock-label';
