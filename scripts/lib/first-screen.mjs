// Reads the console's Vite manifest (apps/console/dist/.vite/manifest.json) and answers three
// questions shared by the size budget (.size-limit.js) and `npm run bench`:
//  - which files does a signed-out visitor load before being handed to the provider's sign-in
//    (the index.html entry and its static imports: apps/console/src/main.tsx)?
//  - which files does the browser load before the first screen (that entry, and the console it
//    starts, which the entry imports dynamically, with their static imports; the screens'
//    own dynamic imports load later, on navigation)?
//  - which chunks belong to each separately loaded console app (console-apps/<app>)?
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * @typedef {object} ManifestChunk One entry of Vite's build manifest.
 * @property {string} file output file, relative to the dist folder
 * @property {string} [src] source file, relative to the Vite root (apps/console)
 * @property {string} [name] the chunk's name (a manual chunk's, or its entry file's)
 * @property {boolean} [isEntry]
 * @property {boolean} [isDynamicEntry]
 * @property {string[]} [imports] manifest keys of statically imported chunks
 * @property {string[]} [dynamicImports] manifest keys of lazily imported chunks
 * @property {string[]} [css] CSS files (relative to dist) this chunk needs
 * @typedef {Record<string, ManifestChunk>} Manifest
 */

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const consoleDist = path.join(repoRoot, 'apps/console/dist');

/** @param {string} [dist] @returns {Manifest} */
export function readManifest(dist = consoleDist) {
  const file = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(file)) {
    throw new Error(
      `No console build found: ${path.relative(repoRoot, file)} is missing.\n` +
        'Run `npm run build` first (apps/console/vite.config.ts must set build.manifest: true).',
    );
  }
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * The manifest keys of `start` and everything it imports statically, transitively.
 * @param {Manifest} manifest @param {string} start
 */
function staticClosure(manifest, start) {
  /** @type {Set<string>} */
  const seen = new Set();
  const visit = (/** @type {string} */ key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  visit(start);
  return seen;
}

/** @param {Manifest} manifest @param {Iterable<string>} keys */
function filesOf(manifest, keys) {
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    const chunk = /** @type {ManifestChunk} */ (manifest[key]);
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  return { js: [...js], css: [...css] };
}

/** @param {Manifest} manifest */
function entryKey(manifest) {
  const entry = Object.keys(manifest).find(
    (key) => manifest[key]?.isEntry && (key === 'index.html' || key.endsWith('/index.html')),
  );
  if (!entry) throw new Error('The console manifest has no entry for index.html.');
  return entry;
}

/** @param {Manifest} manifest */
function firstScreenKeys(manifest) {
  const entry = entryKey(manifest);
  const keys = staticClosure(manifest, entry);
  // The entry itself imports only the console (start-console) dynamically.
  for (const started of manifest[entry]?.dynamicImports ?? []) {
    for (const key of staticClosure(manifest, started)) keys.add(key);
  }
  return keys;
}

/**
 * Files (relative to dist) a signed-out visitor loads before the entry hands them to sign-in.
 * @param {Manifest} manifest
 */
export function signInHandOff(manifest) {
  return filesOf(manifest, staticClosure(manifest, entryKey(manifest)));
}

/**
 * Files (relative to dist) the browser loads before the first screen.
 * @param {Manifest} manifest
 */
export function firstScreen(manifest) {
  return filesOf(manifest, firstScreenKeys(manifest));
}

/**
 * One record per lazily loaded chunk of a console app: `file` is the chunk itself (the app's own
 * code, which the 60 KB budget is for), `js` adds whatever it imports statically that the first
 * screen did not already load (shared chunks such as zod or the table: what navigating there
 * costs the first time). The console's Vite config names each app's chunk app-<app>, and the
 * part only its forms need app-<app>-forms (`forms` is true); a lazy chunk of an app under any
 * other name means the app has come apart, and is listed too.
 * @param {Manifest} manifest
 * @returns {{ app: string, chunk: string, forms: boolean, file: string, js: string[], css: string[] }[]}
 */
export function consoleAppChunks(manifest) {
  const loaded = firstScreenKeys(manifest);
  return Object.entries(manifest).flatMap(([key, chunk]) => {
    const named = chunk.name?.match(/^app-(.+?)(-forms)?$/);
    const app =
      named?.[1] ??
      (chunk.isDynamicEntry ? chunk.src?.match(/(?:^|\/)console-apps\/([^/]+)\//)?.[1] : undefined);
    if (!app) return [];
    const keys = [...staticClosure(manifest, key)].filter((k) => k === key || !loaded.has(k));
    const forms = named?.[2] !== undefined;
    return [{ app, chunk: chunk.name ?? key, forms, file: chunk.file, ...filesOf(manifest, keys) }];
  });
}

/** Bytes after gzip at level 9, the way @size-limit/file measures. @param {string} file */
export function gzipBytes(file) {
  return gzipSync(fs.readFileSync(file), { level: 9 }).length;
}
