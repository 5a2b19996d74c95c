import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iconDataUrl } from './html.js';
import { foundationCss, stylesheet } from './stylesheet.js';

// The sign-in pages (server-rendered here) and the console share one font stack, one focus ring
// and one icon. packages/ui/src/foundation.css holds the first two for both; these checks keep
// anyone from styling either half on its own again.
const repo = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');
const foundation = read('packages/ui/src/foundation.css');
const consoleStyles = read('apps/console/src/styles.css');
const consoleTheme = read('packages/ui/src/theme.css');
const consoleIndex = read('apps/console/index.html');

/** CSS with its comments and line breaks gone, runs of spaces as one. */
const squeeze = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .trim();
const fontStack = squeeze(/--boon-font-sans:([^;]+);/.exec(foundation)?.[1] ?? '');

describe('one look for the sign-in pages and the console', () => {
  it('defines the font stack and the focus ring once, in packages/ui', () => {
    expect(fontStack).toMatch(/^ui-sans-serif, system-ui, sans-serif/);
    expect(foundation).toMatch(/:focus-visible\s*{\s*outline: var\(--boon-focus-ring-width\)/);
  });

  it('has the identity provider pages start from that file and set neither again', () => {
    expect(foundationCss).toBe(foundation);
    expect(stylesheet.startsWith(foundation)).toBe(true);
    const own = stylesheet.slice(foundation.length);
    // Only the authenticator key is set apart, in a monospace face.
    for (const family of own.match(/font-family:[^;}]+/g) ?? [])
      expect(family).toMatch(/monospace$/);
    expect(own).not.toMatch(/focus-visible|outline/);
  });

  it("has the console import it into Tailwind's base layer, its font-sans being that stack", () => {
    expect(consoleStyles).toContain("@import '@boon/ui/foundation.css' layer(base);");
    expect(squeeze(consoleStyles.replace(/@import[^;]+;/g, ''))).not.toMatch(
      /font-family|focus-visible/,
    );
    expect(consoleTheme).toContain('--font-sans: var(--boon-font-sans);');
  });

  it("paints the console's start-up screen in the same font, before any stylesheet arrives", () => {
    const boot = /\.boot\s*{([^}]*)}/.exec(consoleIndex)?.[1] ?? '';
    expect(squeeze(/font-family:([^;]+);/.exec(boot)?.[1] ?? '')).toBe(fontStack);
  });

  it('shows the same icon in the tab', () => {
    expect(consoleIndex).toContain(`href="${iconDataUrl}"`);
  });
});
