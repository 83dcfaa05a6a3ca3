import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { type S3PresignedPost, ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { signObjectUrl, verifyObjectUrl } from '../../infra/signed-object-url.ts';
import { newId } from '../../infra/ids.ts';
import { parseMultipart } from '../../infra/multipart.ts';
import { createPresignedPost, verifyPresignedPost } from '../../infra/presigned-post.ts';
import { inTreeTransaction } from '../tree/rules.ts';
import { findPointImage, savePointImage } from './repo.ts';

/**
 * Point images (spec 000 §3 "Point": imageBool, imageName, deleteImage, image list, S3URL; §7 "image
 * upload"). Saving a point with `imageBool` answers a presigned POST for one new object under the
 * point's own prefix `points/{customerId}/{pointId}/`; the browser posts the file there (the emulated
 * store: `POST /api/storage/upload`), the image is then listed by `GET /point/{id}` with a signed URL
 * (`GET /api/storage/object`), and `deleteImage` keys remove it.
 */

/** Largest image accepted, bytes (policy content-length-range). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Lifetime of an upload policy, s. */
export const UPLOAD_POLICY_TTL_S = 15 * 60;
/** Lifetime of a signed image URL, s. */
export const IMAGE_URL_TTL_S = 60 * 60;
/** Where the browser posts the form (same origin: the customer's host). */
export const UPLOAD_URL = '/api/storage/upload';
const OBJECT_URL = '/api/storage/object';

/** Image types accepted by name (extension → content type) and by content (sharp's format names). */
const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/** Key prefix of a point's images. */
export const imagePrefix = (customerId: string, pointId: string) => `points/${customerId}/${pointId}/`;
const KEY_PATTERN = /^points\/([0-9a-f]{24})\/([0-9a-f]{24})\/[A-Za-z0-9._-]{1,120}$/;

/**
 * The content type and extension of an image file name.
 * @throws AppError IMAGE_INVALID (param imageName) for a name without a JPEG, PNG, WebP or GIF extension
 */
export function imageTypeOf(name: string | null): { ext: string; contentType: string } {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name ?? '')?.[1]?.toLowerCase();
  const contentType = ext ? IMAGE_TYPES[ext] : undefined;
  if (!ext || !contentType) throw new AppError('IMAGE_INVALID', 'imageName');
  return { ext: ext === 'jpeg' ? 'jpg' : ext, contentType };
}

/** A presigned POST for a new image of a point (key `points/{customer}/{point}/{newId}.{ext}`). */
export function presignImageUpload(
  ctx: AppContext,
  customerId: string,
  pointId: string,
  imageName: string | null,
): S3PresignedPost {
  const { ext, contentType } = imageTypeOf(imageName);
  const prefix = imagePrefix(customerId, pointId);
  return createPresignedPost(ctx.secrets.storageKey, {
    url: UPLOAD_URL,
    key: `${prefix}${newId()}.${ext}`,
    keyPrefix: prefix,
    contentType,
    contentTypePrefix: 'image/',
    maxBytes: IMAGE_MAX_BYTES,
    expiresInS: UPLOAD_POLICY_TTL_S,
  });
}

/**
 * A URL the browser can GET an image with (an `<img src>` sends no token): the key, an expiry
 * (Unix s, {@link IMAGE_URL_TTL_S} from now) and their HMAC, like an S3 presigned GET.
 */
export const signedImageUrl = (secret: string, key: string, now = Date.now()): string =>
  signObjectUrl(secret, 'GET', OBJECT_URL, key, IMAGE_URL_TTL_S, now);

/** Deletes stored objects, best effort (a leftover object is unreachable: no row lists it). */
export async function deleteObjects(ctx: AppContext, keys: readonly string[]): Promise<void> {
  for (const key of keys) await ctx.storage.delete(key).catch(() => {});
}

/** The image routes of the emulated object store (public: the signature authorises them). */
export async function pointImageRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => {
    // The form is read whole (bounded: the policy's limit plus room for the fields).
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES + 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.route({
      ...routeOf(ENDPOINTS.uploadStorageObject),
      handler: async (req, reply) => {
        const customerId = req.customer?.id;
        const form = Buffer.isBuffer(req.body) ? parseMultipart(req.body, req.headers['content-type']) : null;
        if (!form || !form.file || !customerId) throw new AppError('VALIDATION', 'file');
        const { key, contentType } = verifyPresignedPost(ctx.secrets.storageKey, form.fields, form.file.data.length);
        const m = KEY_PATTERN.exec(key);
        if (!m || m[1] !== customerId) throw new AppError('FORBIDDEN');
        const pointId = m[2]!;
        const meta = await sharp(form.file.data)
          .metadata()
          .catch(() => null);
        if (!meta?.format || !IMAGE_FORMATS.has(meta.format)) throw new AppError('IMAGE_INVALID', 'file');
        await ctx.storage.put(key, form.file.data, contentType);
        const stored = await inTreeTransaction(ctx.db, customerId, (trx) =>
          savePointImage(trx, { key, customerId, pointId, contentType, sizeBytes: form.file!.data.length }),
        );
        if (!stored) {
          await deleteObjects(ctx, [key]);
          throw new AppError('POINT_NOT_FOUND');
        }
        return reply.status(204).send(null);
      },
    });
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...routeOf(ENDPOINTS.getStorageObject),
    handler: async (req, reply) => {
      const { key, expires } = req.query;
      if (!verifyObjectUrl(ctx.secrets.storageKey, 'GET', req.query)) throw new AppError('FORBIDDEN');
      const customerId = req.customer?.id;
      const row = customerId ? await findPointImage(ctx.db, customerId, key) : undefined;
      const bytes = row ? await ctx.storage.get(key) : null;
      if (!row || !bytes) throw new AppError('NOT_FOUND');
      return (
        reply
          .header('content-type', row.content_type)
          .header('cache-control', `private, max-age=${Math.max(0, expires - Math.floor(Date.now() / 1000))}`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          // Raw bytes bypass the response serializer (no 200 schema: the body is the image itself).
          .send(Buffer.from(bytes) as never)
      );
    },
  });
}
