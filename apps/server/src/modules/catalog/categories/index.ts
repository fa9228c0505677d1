/** What the catalogue's other parts (diagnostic questions) use of its categories. */
export { findCategory } from './categories.repository';
