// Helpers for tests of code that renders these widgets; not part of the runtime bundle.
export { axeViolations, type AxeViolation } from './axe';
export { box, layOutAt, stubResizeObserver } from './layout';
