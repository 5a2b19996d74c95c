import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

/**
 * Serves the built console: hashed assets cached for a year, everything else revalidated, and
 * index.html (with the run-time config filled in) for any other GET that isn't an API or IdP path,
 * so client-side routes survive a reload. Unknown API paths get the JSON 404.
 */
export const consoleHostingPlugin = fp<ConsoleHostingOptions>(
  async (app: FastifyInstance, options) => {
    const indexFile = path.join(options.distDir, 'index.html');
    const built = existsSync(indexFile);
    const indexHtml = built
      ? readFileSync(indexFile, 'utf8').replace(
          CONSOLE_CONFIG_MARKER,
          // A function, not a string: `$'`, `$&` and the like in a setting must stay literal.
          () => serializeForHtml(options.consoleConfig),
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
      if (!indexHtml) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send(
            'The console has not been built yet. Run `npm run build`, then start the server again.',
          );
      }
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    });
  },
);
