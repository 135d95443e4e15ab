import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { apiRoute } from '../../lib/api-route.ts';
import type { OutboxWorker } from '../../mail/outbox.ts';
import { sendDigest, unsubscribeDigest, type DigestConfig } from './digest.ts';
import { readCutoffs, saveStudyPlan, studyPlan } from './service.ts';

interface Deps {
  db: Db;
  config: Pick<Config, 'APP_NAME' | 'APP_ORIGIN' | 'APP_SECRET' | 'CONTENT_DIR'>;
  outbox: Pick<OutboxWorker, 'kick'>;
}

export const digestConfigOf = (config: Deps['config']): DigestConfig => ({
  appName: config.APP_NAME,
  appOrigin: config.APP_ORIGIN,
  secret: config.APP_SECRET,
});

/** The study plan to exam day (issue 40): read with today's line, saved from the plan page, and its e-mail's unsubscribe. */
export const planRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, config, outbox }) => {
  const cutoffs = readCutoffs(config.CONTENT_DIR);
  app.route({
    ...apiRoute(app, 'plan', 'get'),
    preHandler: app.requireUser,
    handler: async (request) => studyPlan(db, request.user!, new Date(), cutoffs),
  });
  app.route({
    ...apiRoute(app, 'plan', 'saveSettings'),
    preHandler: app.requireUser,
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async (request) => {
      const saved = await saveStudyPlan(db, request.user!, request.body, new Date(), cutoffs);
      // Turning the e-mail on sends this morning's at once (once a day), so she sees what she asked for.
      if (request.body.digest && request.body.digest !== 'no' && (await sendDigest(db, digestConfigOf(config), request.user!)))
        outbox.kick();
      return saved;
    },
  });
  app.route({
    ...apiRoute(app, 'plan', 'unsubscribeDigest'),
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    handler: async (request) => {
      // A wrong signature answers the same: the link says nothing about whether an account exists.
      await unsubscribeDigest(db, config.APP_SECRET, request.body);
      return { success: true as const };
    },
  });
};
