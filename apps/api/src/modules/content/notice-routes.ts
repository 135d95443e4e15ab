import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../lib/api-route.ts';
import { contentRoot } from './files.ts';
import { EXTERNAL_BANKS } from './external.ts';

/**
 * The attribution, licences and NOTICEs of the MIR banks as one plain-text page, the target of the source line under
 * every MIR item (MIR_NOTICE_PATH): each bank's Spanish summary (AVISO.md) and the NOTICE.md shipped with its data.
 */
export function mirNoticeText(root = contentRoot): string {
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8').trim();
    } catch {
      return null;
    }
  };
  const parts = ['Galeno: fuentes y licencias de las preguntas del MIR (España)', ''];
  for (const bank of EXTERNAL_BANKS) {
    const dir = path.join(root, 'external', bank);
    const summary = read(path.join(dir, 'AVISO.md'));
    const notice = read(path.join(dir, 'NOTICE.md'));
    if (summary) parts.push(summary, '');
    if (notice) parts.push(`Aviso original del conjunto de datos (NOTICE.md, en inglés):`, '', notice, '');
    parts.push('* * *', '');
  }
  return `${parts.join('\n').trim()}\n`;
}

/** GET /api/content/notices: public, like the items whose source line links here; read once at start. */
export const mirNoticeRoutes: FastifyPluginAsyncZod<{ root?: string }> = async (app, { root }) => {
  const text = mirNoticeText(root);
  const route = apiRoute(app, 'content', 'notices');
  app.route({
    ...route,
    schema: { ...route.schema, summary: 'Attribution, licences and NOTICEs of the MIR banks (text/plain)' },
    handler: async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(text),
  });
};
