import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/**
 * Point images: the emulated presigned upload and the signed reads (docs/architecture.md "Point images"). Server: modules/points.
 */
export const POINT_IMAGE_ENDPOINTS = {
  uploadStorageObject: endpoint({
    method: 'POST',
    path: '/storage/upload',
    access: { public: true },
    tags: ['points'],
    summary: 'Upload an image with a presigned POST (emulated S3 browser upload)',
    description:
      'A `multipart/form-data` form with the `fields` of an `S3URL` answer (from POST /group/{id}/point or PUT /point/{id} with `imageBool`) and the image as the last part, named `file`. ' +
      'Checked as S3 checks a presigned POST (SigV4 policy): signature, expiry (15 min), key under the point’s own prefix, `Content-Type` starting with `image/`, size 1 B … 10 MB, no field the policy does not name: 403 otherwise. ' +
      'The bytes must be a JPEG, PNG, WebP or GIF image (400 IMAGE_INVALID); the point must still exist (404). No token: the signature authorises it. Answers 204 like S3.',
    errors: [204, 400, 403, 404, 413],
    errorSchemas: { 204: z.null() },
  }),
  getStorageObject: endpoint({
    method: 'GET',
    path: '/storage/object',
    access: { public: true },
    tags: ['points'],
    summary: 'An image of a point by its signed URL',
    description:
      'The `url` of an entry of `images` in GET /point/{id}: `key`, `expires` (Unix s) and `signature` (HMAC of both), valid 1 hour on the customer’s own host; 403 when expired or tampered with, 404 when the image was deleted. The image bytes with their content type.',
    query: z.object({ key: z.string(), expires: z.coerce.number().int(), signature: z.string() }),
    errors: [400, 403, 404],
  }),
};
