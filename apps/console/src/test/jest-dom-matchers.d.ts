import type { TestingLibraryMatchers } from '@testing-library/jest-dom/matchers';

// jest-dom 6.9 augments vitest's `Assertion`, which vitest 4 only re-exports, so its matchers
// never reach the types; `Matchers` is the interface vitest 4 documents for custom matchers.
// The matchers themselves are installed by scripts/test-setup/dom.ts.
declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type -- merges into vitest's own declaration
  interface Matchers<T = any> extends TestingLibraryMatchers<unknown, T> {}
}
