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
    const indexPage = built
      ? indexPageOf(
          readFileSync(indexFile, 'utf8').replace(
            CONSOLE_CONFIG_MARKER,
            // A function, not a string: `$'`, `$&` and the like in a setting must stay literal.
            () => serializeForHtml(options.consoleConfig),
          ),
        )
      : undefined;
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
      if (!indexPage) {
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
        .header('Vary', 'Accept-Encoding')
        .type('text/html; charset=utf-8');
      if (encoding === 'br' || encoding === 'gzip') {
        return reply.header('Content-Encoding', encoding).send(indexPage[encoding]);
      }
      return reply.send(indexPage.identity);
    });
  },
);
