import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { CONSOLE_CONFIG_MARKER, errorBody } from '@boon/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ConsoleConfig } from '@boon/contracts';
import { serializeForHtml } from '../console-config.js';

export interface ConsoleHostingOptions {
  distDir: string;
  consoleConfig: ConsoleConfig;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The page every console route answers with, in each encoding a browser may accept. */
interface IndexPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function indexPageOf(html: string): IndexPage {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
  };
}

/** The parts of one chunk in Vite's build manifest (dist/.vite/manifest.json) read here. */
interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * How much of the console a page asks for ahead of its entry script
 * (apps/console/src/main.tsx), which would ask for it only once it has arrived and run: one
 * round trip, and on a slow line the time the entry takes to download, saved.
 * - `none`: a visit on its way to the provider's sign-in, which needs none of it;
 * - `start`: the console's start (app/start-console.tsx, the entry's one dynamic import), for a
 *   page that runs the console without a user stored (a public page, or a signed-in one that
 *   sends the visitor to sign in);
 * - `signed-in`: also the signed-in area's session and layout, when the browser keeps a user;
 * - `home`: also Home, for / with a user;
 * - `app-<app>`: also the console app's chunk (with the shared chunks it imports), for one of its
 *   pages with a user (APP_PAGES).
 */
export type PagePreloads = 'none' | 'start' | 'signed-in' | 'home' | `app-${string}`;

/**
 * The console apps' signed-in pages (each path and every page below it) with the chunk of their
 * app (apps/console/vite/chunk-plan.ts: `app-<app>`, one per console app, which holds all of
 * its screens). A page that is not here still loads its app's chunk, only once the console's
 * start has run and asked for it, a round trip and a download later; a chunk the build does not
 * have is simply not preloaded.
 */
export const APP_PAGES: readonly { path: string; chunk: `app-${string}` }[] = [
  { path: '/team', chunk: 'app-accounts' },
  { path: '/admin/pending-customers', chunk: 'app-accounts' },
  { path: '/billing', chunk: 'app-billing' },
];

const appPageChunk = (pathname: string) =>
  APP_PAGES.find((page) => pathname === page.path || pathname.startsWith(`${page.path}/`))?.chunk;

/**
 * The cookie the console sets while a user is stored in the browser
 * (apps/console/src/auth/signed-in-hint.ts).
 */
const SIGNED_IN_HINT = /(?:^|;\s*)boon-signed-in=1(?:;|$)/;

/**
 * What a page preloads, as the console's entry decides what it runs
 * (apps/console/src/auth/sign-in-hand-off.ts): /login hands every visit to the provider's
 * sign-in, and / a visit without a stored user; every other page starts the console.
 */
export function pagePreloads(url: string, cookie: string | undefined): PagePreloads {
  let pathname: string;
  try {
    ({ pathname } = new URL(url, 'http://localhost'));
  } catch {
    return 'none';
  }
  const signedIn = SIGNED_IN_HINT.test(cookie ?? '');
  if (pathname === '/login') return 'none';
  if (pathname === '/') return signedIn ? 'home' : 'none';
  if (!signedIn) return 'start';
  return appPageChunk(pathname) ?? 'signed-in';
}

/** The parts of one chunk in Vite's build manifest (dist/.vite/manifest.json) read here. */
interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * The `<link>` tags of each level of preloads, from the build's manifest: the chunks the console
 * names start-console, session, signed-in and home (apps/console/vite/chunk-plan.ts), each with
 * the chunks it imports that the page does not load already, and their stylesheets, preloaded
 * rather than linked. At low priority: they are ahead of need, and the start-up screen, which
 * needs none of them, paints first. With `crossorigin`, as the console's own requests for them
 * are made (Vite's preload helper), or the browser fetches them twice. Undefined without a
 * manifest.
 */
export function consolePreloads(
  distDir: string,
): (Record<'start' | 'signed-in' | 'home', string> & Record<`app-${string}`, string>) | undefined {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const chunks = Object.values(manifest);
  const entry = chunks.find((chunk) => chunk.isEntry);
  const named = (name: string) =>
    chunks.filter((chunk) => chunk.name === name && (chunk.isDynamicEntry ?? false));
  const start = (entry?.dynamicImports ?? [])
    .map((key) => manifest[key])
    .filter((chunk) => chunk?.name === 'start-console');
  if (!entry || start.length === 0) return undefined;

  const closure = (from: (ManifestChunk | undefined)[], into: Set<ManifestChunk>) => {
    for (const chunk of from) {
      if (!chunk || into.has(chunk)) continue;
      into.add(chunk);
      closure(
        (chunk.imports ?? []).map((key) => manifest[key]),
        into,
      );
    }
    return into;
  };
  const tags = (level: Set<ManifestChunk>) => {
    const preloaded = [...level].filter((chunk) => !onPage.has(chunk));
    return [
      ...preloaded.map(
        (chunk) =>
          `<link rel="modulepreload" href="/${chunk.file}" crossorigin fetchpriority="low">`,
      ),
      ...preloaded.flatMap((chunk) =>
        (chunk.css ?? []).map(
          (css) => `<link rel="preload" as="style" href="/${css}" crossorigin fetchpriority="low">`,
        ),
      ),
    ].join('');
  };
  const onPage = closure([entry], new Set());
  const startLevel = closure(start, new Set());
  const signedInLevel = closure([...named('session'), ...named('signed-in')], new Set(startLevel));
  const homeLevel = closure(named('home'), new Set(signedInLevel));
  // Each app's chunk after the signed-in area's: over HTTP/1.1's six connections, what every
  // signed-in page runs first goes out first.
  const appLevels = Object.fromEntries(
    [...new Set(APP_PAGES.map((page) => page.chunk))]
      .filter((name) => named(name).length > 0)
      .map((name) => [name, tags(closure(named(name), new Set(signedInLevel)))]),
  );
  return {
    start: tags(startLevel),
    'signed-in': tags(signedInLevel),
    home: tags(homeLevel),
    ...appLevels,
  };
}

/**
 * Serves the built console: hashed assets cached for a year, everything else revalidated, and
 * index.html (with the run-time config filled in) for any other GET that isn't an API or IdP path,
 * so client-side routes survive a reload. Unknown API paths get the JSON 404.
 *
 * Nothing here is compressed per request: the build writes brotli and gzip copies of its files
 * (apps/console/vite/precompress.ts), which @fastify/static sends to a browser that accepts them,
 * and the page, which holds no secret, is compressed once at start.
 */
export const consoleHostingPlugin = fp<ConsoleHostingOptions>(
  async (app: FastifyInstance, options) => {
    const indexFile = path.join(options.distDir, 'index.html');
    const built = existsSync(indexFile);
    const html = built
      ? readFileSync(indexFile, 'utf8').replace(
          CONSOLE_CONFIG_MARKER,
          // A function, not a string: `$'`, `$&` and the like in a setting must stay literal.
          () => serializeForHtml(options.consoleConfig),
        )
      : undefined;
    const preloads = built ? consolePreloads(options.distDir) : undefined;
    // The page for each level of preloads, compressed once.
    const pages = new Map<PagePreloads, IndexPage>();
    if (html !== undefined) {
      const plain = indexPageOf(html);
      pages.set('none', plain);
      const levels = [
        ...new Set(['start', 'signed-in', 'home', ...Object.keys(preloads ?? {})]),
      ] as Exclude<PagePreloads, 'none'>[];
      for (const level of levels) {
        const links = preloads?.[level];
        pages.set(
          level,
          links && html.includes('</head>')
            ? indexPageOf(html.replace('</head>', () => `${links}</head>`))
            : plain,
        );
      }
    }
    if (!built)
      app.log.warn({ distDir: options.distDir }, 'console not built; run `npm run build`');

    if (built) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        index: false,
        cacheControl: false,
        preCompressed: true,
        // Directories (`/` above all) and the template belong to the page fallback below.
        allowedPath: (pathName) =>
          !pathName.endsWith('/') && pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
        setHeaders: (res, filePath) => {
          const inAssets = filePath.startsWith(path.join(options.distDir, 'assets') + path.sep);
          res.setHeader('Cache-Control', inAssets ? IMMUTABLE : 'no-cache');
          // The answer depends on Accept-Encoding (a .br or .gz copy, or the file), so a cache
          // between us and the browser must key on it too.
          res.setHeader('Vary', 'Accept-Encoding');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url;
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !url.startsWith('/api/') &&
        url !== '/api' &&
        !url.startsWith('/idp/') &&
        !url.startsWith('/assets/');
      if (!isPage) return reply.status(404).send(errorBody('not_found'));
      const level = pagePreloads(url, request.headers.cookie);
      // An app's page whose chunk the build lacks: the signed-in area's preloads.
      const page =
        pages.get(level) ?? (level.startsWith('app-') ? pages.get('signed-in') : undefined);
      if (!page) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send(
            'The console has not been built yet. Run `npm run build`, then start the server again.',
          );
      }
      const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
      reply
        .header('Cache-Control', 'no-cache')
        // What a page preloads depends on the signed-in hint.
        .header('Vary', 'Accept-Encoding, Cookie')
        .type('text/html; charset=utf-8');
      if (encoding === 'br' || encoding === 'gzip') {
        return reply.header('Content-Encoding', encoding).send(page[encoding]);
      }
      return reply.send(page.identity);
    });
  },
);
