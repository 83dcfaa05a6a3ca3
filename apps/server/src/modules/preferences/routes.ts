import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequestBody, customer, errorBody, logoAnswer, preferencesBody } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf, needs } from '../auth/access.ts';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from './logo.ts';
import { removeLogo, savePreferences, uploadLogo } from './service.ts';

/**
 * Customer preferences (spec 002 §3, §9 Admin): `PUT /preferences` saves the whole object, the logo
 * has its own upload and delete. Reading them is `GET /customer/{host}` (customers module).
 */
export async function preferencesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
    handler: async (req) => savePreferences(ctx, authOf(req).customerId, req.body),
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
        if (!Buffer.isBuffer(req.body)) throw new AppError('IMAGE_INVALID');
        return { logo: await uploadLogo(ctx, authOf(req).customerId, req.hostname, req.body) };
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
      await removeLogo(ctx, authOf(req).customerId);
      return { logo: null };
    },
  });
}
