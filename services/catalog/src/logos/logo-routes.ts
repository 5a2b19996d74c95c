import type { Database } from '@boon/db';
import type { FastifyInstance } from 'fastify';
import { findLogo } from '../products/product-repository.js';
import { productLogoSvg } from './product-logo.js';

export interface LogoRoutesOptions {
  db: Database;
}

/**
 * The merchants' generated logos as SVG images (`<img src>` sends no token, and a logo is no
 * secret: public). Cached for a day; an SVG served as an image runs no script, and the policy
 * below forbids it anyway should one be opened on its own.
 */
export async function logoRoutes(app: FastifyInstance, { db }: LogoRoutesOptions) {
  app.get<{ Params: { file: string } }>(
    '/logos/:file',
    { config: { access: 'public' } },
    async (request, reply) => {
      const match = /^([A-Z0-9][A-Z0-9_-]{1,39})\.svg$/.exec(request.params.file);
      const logo = match?.[1] ? await findLogo(db, match[1]) : undefined;
      if (!logo) return reply.code(404).type('text/plain; charset=utf-8').send('No such logo');
      return reply
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .type('image/svg+xml; charset=utf-8')
        .send(productLogoSvg(logo.name, logo.style));
    },
  );
}
