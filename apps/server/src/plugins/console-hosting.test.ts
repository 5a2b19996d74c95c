import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { consolePreloads, pagePreloads } from './console-hosting.js';

describe('what a page preloads', () => {
  const hint = 'other=1; boon-signed-in=1';

  it('is nothing for a visit on its way to sign-in', () => {
    expect(pagePreloads('/login', hint)).toBe('none');
    expect(pagePreloads('/login?email=a%40b.test', undefined)).toBe('none');
    expect(pagePreloads('/', undefined)).toBe('none');
    expect(pagePreloads('/', 'other=1; boon-signed-in=')).toBe('none');
  });

  it('is the console start for a page that runs it without a user stored', () => {
    expect(pagePreloads('/team', undefined)).toBe('start');
    expect(pagePreloads('/auth/callback?code=x&state=y', 'other=1')).toBe('start');
  });

  it("adds the signed-in area with a user stored, Home on /, and an app's chunk on its pages", () => {
    expect(pagePreloads('/settings', hint)).toBe('signed-in');
    expect(pagePreloads('/team', hint)).toBe('app-accounts');
    expect(pagePreloads('/team/invite?x=1', hint)).toBe('app-accounts');
    expect(pagePreloads('/teams', hint)).toBe('signed-in');
    expect(pagePreloads('/billing/add-funds', hint)).toBe('app-billing');
    expect(pagePreloads('/', hint)).toBe('home');
    expect(pagePreloads('/?x=1', 'boon-signed-in=1')).toBe('home');
  });
});

describe('the preloads of each level', () => {
  let dist: string | undefined;
  afterEach(() => {
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  const chunk = (file: string) =>
    `<link rel="modulepreload" href="/assets/${file}" crossorigin fetchpriority="low">`;

  it('name the console chunks with what they import that the page does not, and stylesheets', () => {
    dist = mkdtempSync(path.join(tmpdir(), 'boon-console-manifest-'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': {
          file: 'assets/index-1.js',
          isEntry: true,
          imports: ['_shared-2.js'],
          dynamicImports: ['_start-console-3.js'],
        },
        '_shared-2.js': { file: 'assets/shared-2.js' },
        '_start-console-3.js': {
          file: 'assets/start-console-3.js',
          name: 'start-console',
          isDynamicEntry: true,
          imports: ['index.html', '_shared-2.js', '_router-4.js'],
          css: ['assets/start-console-5.css'],
        },
        '_router-4.js': { file: 'assets/router-4.js' },
        '_session-6.js': {
          file: 'assets/session-6.js',
          name: 'session',
          isDynamicEntry: true,
          imports: ['_start-console-3.js', '_query-7.js'],
        },
        '_query-7.js': { file: 'assets/query-7.js' },
        '_signed-in-8.js': {
          file: 'assets/signed-in-8.js',
          name: 'signed-in',
          isDynamicEntry: true,
          imports: ['_session-6.js'],
        },
        '_home-9.js': {
          file: 'assets/home-9.js',
          name: 'home',
          isDynamicEntry: true,
          imports: ['_signed-in-8.js'],
        },
        '_team-10.js': { file: 'assets/team-10.js', name: 'app-accounts', isDynamicEntry: true },
      }),
    );

    const start = chunk('start-console-3.js') + chunk('router-4.js');
    const style =
      '<link rel="preload" as="style" href="/assets/start-console-5.css" crossorigin fetchpriority="low">';
    const signedIn = start + chunk('session-6.js') + chunk('query-7.js') + chunk('signed-in-8.js');
    expect(consolePreloads(dist)).toEqual({
      start: start + style,
      'signed-in': signedIn + style,
      home: signedIn + chunk('home-9.js') + style,
      // The build has no app-billing: nothing for it.
      'app-accounts': signedIn + chunk('team-10.js') + style,
    });
  });

  it('are none without a build manifest', () => {
    dist = mkdtempSync(path.join(tmpdir(), 'boon-console-manifest-'));
    expect(consolePreloads(dist)).toBeUndefined();
  });
});
