/** What other features use of this one: they import it from here, never from its other files. */
export { accountsKeys } from './design.queries';
export type { ImageRule } from './image-rules';
export { acceptOf, checkImageFile } from './image-rules';
