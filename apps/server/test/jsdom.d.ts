/**
 * The part of jsdom (a dev dependency without bundled types; @types/jsdom is not installed) that
 * idp-test-helpers.ts uses to run axe over the provider's server-rendered pages.
 */
declare module 'jsdom' {
  export interface JSDOMOptions {
    url?: string;
    runScripts?: 'dangerously' | 'outside-only';
  }

  export class JSDOM {
    constructor(html?: string, options?: JSDOMOptions);
    readonly window: Window & typeof globalThis & { eval(code: string): unknown };
  }
}
