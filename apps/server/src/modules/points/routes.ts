import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  badRequestBody,
  errorBody,
  okBody,
  point,
  pointFormBody,
  pointList,
  pointListQuery,
  pointMoveBody,
  pointSaveAnswer,
  pointUpdateBody,
  type Point,
  type PointSaveAnswer,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { validatorCompiler } from '../../infra/validator.ts';
import { authOf, needs } from '../auth/access.ts';
import { signedImageUrl } from './images.ts';
import { findPoint } from './repo.ts';
import { createPoint, deletePoint, editPoint, movePoint } from './service.ts';

const idParams = z.object({ id: z.string() });

const FORM =
  'Body: the point form (`pointFormBody`): `tagCode` without the `$` prefix (sanitised; stored with it; unique per customer across groups and points, compared without the prefix: 409 TAG_CODE_TAKEN). ' +
  'The server nulls the fields whose condition does not hold (spec 000 §5: gearbox fields without GearBox in `type`, planetary teeth unless planetaryGearReducer, current-shaft teeth unless the shaft is middle, belt fields unless belt-pulley, couplingType unless coupling, transmission_* unless gear-box, motorPower unless electricMotor, bearing fields without Bearing) and stores referenceFrequency 0 when referenceFrequencyVariable. ' +
  '`bearing` must be a catalogue bearing or one of the customer’s own (404 BEARING_NOT_FOUND); `favoriteTelemetry` must name one of the customer’s telemetry definitions (404 TELEMETRY_NOT_FOUND; null: the customer’s default telemetry is shown). ' +
  'With `imageBool` the answer’s `S3URL` is a presigned POST for one image (`imageName` must end in .jpg, .jpeg, .png, .webp or .gif: 400 IMAGE_INVALID), posted by the browser to `S3URL.url` with `S3URL.fields` and the file last as `file`; else `S3URL` is null. Units: referenceFrequency Hz, motorPower kW, beltLength cm.';

/**
 * Validates `PUT /point/{id}` by shape (spec 000 §7): a body with `tagGroup` is a move
 * (`pointMoveBody`), any other the full form (`pointFormBody`), each with its own messages. The
 * route's schema stays the union for the OpenAPI document.
 */
const updateValidator: FastifySchemaCompiler<z.ZodType> = (route) => {
  if (route.httpPart !== 'body') return validatorCompiler(route);
  const move = validatorCompiler({ ...route, schema: pointMoveBody });
  const form = validatorCompiler({ ...route, schema: pointFormBody });
  return (data) => (data && typeof data === 'object' && 'tagGroup' in data ? move(data) : form(data));
};

/**
 * Points of the asset tree (spec 000 §3 "Point", §5 "Point form", §7): read one or several, create
 * in a group, edit or move, delete. Images: points/images.ts; tree rules: tree/rules.ts.
 */
export async function pointRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const imageUrl = (key: string) => signedImageUrl(ctx.secrets.storageKey, key);

  r.get('/point/:id', {
    config: { access: needs('readPoint') },
    schema: {
      tags: ['points'],
      summary: 'A measurement point with its form fields, device, profile, bearing and images',
      description:
        '`tagCode` with its `$` prefix; `parent` the group id; `path` the names from the root group down to the point; `bearing` the whole bearing or null; `images` `{key, url}` oldest first, `url` signed and valid 1 hour. 404 POINT_NOT_FOUND for an unknown id, a group’s id or another customer’s point.',
      params: idParams,
      response: { 200: point, 404: errorBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const p = await findPoint(ctx.db, auth.customerId, req.params.id, imageUrl);
      if (!p) throw new AppError('POINT_NOT_FOUND');
      return p;
    },
  });

  r.get('/point', {
    config: { access: needs('readPoint') },
    schema: {
      tags: ['points'],
      summary: 'Several points by id',
      description:
        '`points`: a comma-separated list of point ids (at most 200; duplicates once). Answers the points found, in the order asked, each as GET /point/{id}; unknown ids and other customers’ points are left out. Without `points`: an empty list (the tree, GET /tree, lists every point).',
      querystring: pointListQuery,
      response: { 200: pointList, 400: badRequestBody },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const found: Point[] = [];
      for (const id of req.query.points) {
        const p = await findPoint(ctx.db, auth.customerId, id, imageUrl);
        if (p) found.push(p);
      }
      return found;
    },
  });

  r.post('/group/:parentGroupId/point', {
    config: { access: needs('createPoint') },
    schema: {
      tags: ['points'],
      summary: 'Create a point in a group',
      description: `${FORM} The group must be a non-root group of the customer (404 GROUP_NOT_FOUND, 409 ROOT_GROUP_LOCKED) holding no groups (409 GROUP_HAS_GROUPS). \`deleteImage\` is ignored. Answers the new id and \`S3URL\`.`,
      params: z.object({ parentGroupId: z.string() }),
      body: pointFormBody,
      response: { 200: pointSaveAnswer, 400: badRequestBody, 404: errorBody, 409: errorBody },
    },
    handler: async (req): Promise<PointSaveAnswer> =>
      createPoint(ctx, authOf(req).customerId, req.params.parentGroupId, req.body),
  });

  r.put('/point/:id', {
    config: { access: needs('updatePoint') },
    // Typed for any schema, so not assignable to this route's exact schema type: the cast is safe.
    validatorCompiler: updateValidator as never,
    schema: {
      tags: ['points'],
      summary: 'Move a point (body with `tagGroup`) or edit it (the full form)',
      description:
        'A body with `tagGroup` is a move (tree move mode): the point goes to group `tagGroup`, which must be a non-root group of the customer (404 GROUP_NOT_FOUND, 409 ROOT_GROUP_LOCKED) holding no groups (409 GROUP_HAS_GROUPS); its other fields (name, tagCode, type, referenceFrequency) are ignored and `S3URL` is null. ' +
        `Any other body is the full form and replaces the point's fields (the point stays in its group). ${FORM} \`deleteImage\`: keys of the point's images to remove (others ignored). ` +
        '404 POINT_NOT_FOUND for an unknown id or another customer’s point.',
      params: idParams,
      body: pointUpdateBody,
      response: { 200: pointSaveAnswer, 400: badRequestBody, 404: errorBody, 409: errorBody },
    },
    handler: async (req): Promise<PointSaveAnswer> => {
      const { customerId } = authOf(req);
      const body = req.body;
      if ('tagGroup' in body) return movePoint(ctx, customerId, req.params.id, body.tagGroup);
      return editPoint(ctx, customerId, req.params.id, body);
    },
  });

  r.delete('/point/:id', {
    config: { access: needs('deletePoint') },
    schema: {
      tags: ['points'],
      summary: 'Delete a point',
      description:
        'Its measurements and telemetry values stay (their point becomes null), its sensor is detached (kept, without a point), it leaves every route, and its images are deleted. 404 POINT_NOT_FOUND for an unknown id or another customer’s point.',
      params: idParams,
      response: { 200: okBody, 404: errorBody },
    },
    handler: async (req) => {
      await deletePoint(ctx, authOf(req).customerId, req.params.id);
      return { ok: true as const };
    },
  });
}
