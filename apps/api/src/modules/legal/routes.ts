import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRIVACY_NOTICE_VERSION } from '@galeno/domain/contracts/legal';
import { LEGAL_PLACEHOLDERS, type Config } from '../../config.ts';
import { apiRoute } from '../../lib/api-route.ts';

/** GET /api/legal: who runs the service, for the privacy notice, terms, refunds and contact pages (issue 20). */
export const legalRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.route({
    ...apiRoute(app, 'legal', 'info'),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return {
        operatorName: config.LEGAL_NAME,
        address: config.LEGAL_ADDRESS,
        contactEmail: config.CONTACT_EMAIL,
        noticeVersion: PRIVACY_NOTICE_VERSION,
        placeholders:
          config.LEGAL_NAME === LEGAL_PLACEHOLDERS.name ||
          config.LEGAL_ADDRESS === LEGAL_PLACEHOLDERS.address ||
          config.CONTACT_EMAIL === LEGAL_PLACEHOLDERS.email,
      };
    },
  });
};
