import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { logoutScript } from './logout-script.js';

interface Asset {
  body: string;
  contentType: string;
}

export interface StaticAssets {
  logoutScriptUrl: string;
  routes: FastifyPluginAsync;
}

/**
 * The pages' script under `${basePath}/assets/`, with the content hash in the
 * file name so browsers may cache them for good and a new release is fetched at once.
 */
export function createStaticAssets(basePath: string): StaticAssets {
  const files = new Map<string, Asset>();
  function add(stem: string, extension: string, asset: Asset): string {
    const hash = createHash('sha256').update(asset.body).digest('hex').slice(0, 12);
    const name = `${stem}.${hash}.${extension}`;
    files.set(name, asset);
    return `${basePath}/assets/${name}`;
  }

  const logoutScriptUrl = add('logout', 'js', {
    body: logoutScript,
    contentType: 'text/javascript; charset=utf-8',
  });

  const routes: FastifyPluginAsync = async (app) => {
    app.get<{ Params: { name: string } }>(`${basePath}/assets/:name`, async (request, reply) => {
      const asset = files.get(request.params.name);
      if (!asset) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .type(asset.contentType)
        .send(asset.body);
    });
  };

  return { logoutScriptUrl, routes };
}
