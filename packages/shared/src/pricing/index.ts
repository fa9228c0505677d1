export * from './pricing';
export { divideRounded, percentOf } from './rounding';
