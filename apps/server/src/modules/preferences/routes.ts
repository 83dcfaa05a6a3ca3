import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf } from '../auth/access.ts';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from './logo.ts';
import { removeLogo, savePreferences, uploadLogo } from './service.ts';

/**
 * Customer preferences (spec 002 §3, §9 Admin): `PUT /preferences` saves the whole object, the logo
 * has its own upload and delete. Reading them is `GET /customer/{host}` (customers module).
 */
export async function preferencesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.updatePreferences),
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

    ri.route({
      ...routeOf(ENDPOINTS.setPreferencesLogo),
      bodyLimit: LOGO_MAX_BYTES,
      handler: async (req) => {
        if (!Buffer.isBuffer(req.body)) throw new AppError('IMAGE_INVALID');
        return { logo: await uploadLogo(ctx, authOf(req).customerId, req.hostname, req.body) };
      },
    });
  });

  r.route({
    ...routeOf(ENDPOINTS.removePreferencesLogo),
    handler: async (req) => {
      await removeLogo(ctx, authOf(req).customerId);
      return { logo: null };
    },
  });
}
