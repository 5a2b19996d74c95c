// Build-time constants that Vite's `define` replaces (apps/console/vite.config.ts; vitest.config.ts
// sets fixed values for tests). Read them through layout/banners/build-info.ts, which imports
// this file's types so every TypeScript program that reaches that module sees them.
export {};

declare global {
  /** The git branch the console was built from: BOON_BUILD_BRANCH, else git's, else ''. */
  const __BOON_BUILD_BRANCH__: string;
  /** True when built with BOON_BUILD_ENV=production; every other build is a sandbox build. */
  const __BOON_PRODUCTION_BUILD__: boolean;
}
