import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { figures } from '../../db/schema/content.ts';
import { apiRoute } from '../../lib/api-route.ts';
import { notFound } from '../../errors.ts';

const FIGURE_NOT_FOUND = 'Esta figura no existe.';

/**
 * GET /api/content/figures/:figureId: a figure of a question's stem, as an SVG image. Its name is a hash of its
 * bytes, so it is cached for a year; a figure shows what any student of the question sees (no key, no spec).
 * The SVG holds no script, and the headers keep it inert even when opened on its own.
 */
export const figureRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...apiRoute(app, 'content', 'figure'),
    config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const [row] = await db.select({ svg: figures.svg }).from(figures).where(eq(figures.id, request.params.figureId)).limit(1);
      if (!row) throw notFound(FIGURE_NOT_FOUND);
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('x-content-type-options', 'nosniff')
        .send(row.svg);
    },
  });
};
