import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { badRequestBody, customer, customerPreferences, errorBody, logoAnswer, preferencesBody } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf, needs } from '../auth/access.ts';
import { logoKey } from '../customers/routes.ts';
import { ensureDefinitions, setDefaultTelemetry } from '../telemetry/repo.ts';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES, toLogoPng } from './logo.ts';

/**
 * Customer preferences (spec 002 §3, §9 Admin): `PUT /preferences` saves the whole object, the logo
 * has its own upload and delete. Reading them is `GET /customer/{host}` (customers module).
 */
export async function preferencesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The customer record as `GET /customer/{host}` answers it. */
  const record = async (customerId: string) => {
    const c = await ctx.db
      .selectFrom('customers')
      .select(['id', 'name', 'preferences'])
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    return { _id: c.id, name: c.name, preferences: customerPreferences.parse(c.preferences) };
  };

  r.put('/preferences', {
    config: { access: needs('updatePreferences') },
    schema: {
      tags: ['preferences'],
      summary: "Save the customer's preferences",
      description:
        'The whole preferences object except the logo (kept as it is). `defaultTelemetry` must name one of the customer’s telemetry definitions and becomes its default one; `alarm.notificationReceivers` must be the customer’s users (404 otherwise). Answers the customer record.',
      body: preferencesBody,
      response: { 200: customer, 400: badRequestBody, 404: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const b = req.body;
      const receivers = [...new Set(b.alarm.notificationReceivers)];
      if (receivers.length) {
        const found = await ctx.db
          .selectFrom('users')
          .select('id')
          .where('customer_id', '=', auth.customerId)
          .where('id', 'in', receivers)
          .execute();
        if (found.length !== receivers.length) throw new AppError('USER_NOT_FOUND', 'alarm.notificationReceivers');
      }
      const next = { ...b, alarm: { ...b.alarm, notificationReceivers: receivers } };
      await ensureDefinitions(ctx.db, auth.customerId);
      await ctx.db.transaction().execute(async (trx) => {
        // The logo is taken from the stored row in the same statement: a concurrent upload is not lost.
        await trx
          .updateTable('customers')
          .set({
            preferences: sql`${JSON.stringify(next)}::jsonb || jsonb_build_object('logo', coalesce(preferences->'logo', 'null'::jsonb))`,
          })
          .where('id', '=', auth.customerId)
          .execute();
        await setDefaultTelemetry(trx, auth.customerId, b.defaultTelemetry);
      });
      return record(auth.customerId);
    },
  });

  // The raw-image parser exists only inside this plugin: every other route keeps JSON only.
  await app.register(async (images) => {
    images.removeAllContentTypeParsers();
    images.addContentTypeParser([...LOGO_CONTENT_TYPES], { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    // Any other type (SVG, JSON, octet-stream …) is answered as what it is here: not a supported image.
    images.addContentTypeParser('*', (_req, _payload, done) => done(new AppError('IMAGE_INVALID'), undefined));
    const ri = images.withTypeProvider<ZodTypeProvider>();

    ri.put('/preferences/logo', {
      config: { access: needs('updatePreferences') },
      bodyLimit: LOGO_MAX_BYTES,
      schema: {
        tags: ['preferences'],
        summary: "Upload the customer's logo",
        description: `Body: the raw image with \`content-type\` ${LOGO_CONTENT_TYPES.join(', ')}, at most 2 MB (413 above). It is resized to 40 px high (width in proportion, at most 400 px) and stored as PNG; \`preferences.logo\` becomes \`/api/customer/{host}/logo?v={hash}\`. Not an image: 400.`,
        response: { 200: logoAnswer, 400: badRequestBody, 413: errorBody },
      },
      handler: async (req) => {
        const auth = authOf(req);
        if (!Buffer.isBuffer(req.body)) throw new AppError('IMAGE_INVALID');
        const png = await toLogoPng(req.body);
        const c = await ctx.db
          .selectFrom('customers')
          .select('hosts')
          .where('id', '=', auth.customerId)
          .executeTakeFirstOrThrow();
        // The host in the URL only names the customer to GET /customer/{host}/logo; the hash busts caches.
        const host = c.hosts[0] ?? req.hostname;
        const version = createHash('sha1').update(png).digest('hex').slice(0, 12);
        const logo = `/api/customer/${encodeURIComponent(host)}/logo?v=${version}`;
        await ctx.storage.put(logoKey(auth.customerId), png, 'image/png');
        await ctx.db
          .updateTable('customers')
          .set({ preferences: sql`jsonb_set(preferences, '{logo}', to_jsonb(${logo}::text))` })
          .where('id', '=', auth.customerId)
          .execute();
        return { logo };
      },
    });
  });

  r.delete('/preferences/logo', {
    config: { access: needs('updatePreferences') },
    schema: {
      tags: ['preferences'],
      summary: "Remove the customer's logo",
      response: { 200: logoAnswer },
    },
    handler: async (req) => {
      const auth = authOf(req);
      await ctx.db
        .updateTable('customers')
        .set({ preferences: sql`jsonb_set(preferences, '{logo}', 'null'::jsonb)` })
        .where('id', '=', auth.customerId)
        .execute();
      await ctx.storage.delete(logoKey(auth.customerId));
      return { logo: null };
    },
  });
}
