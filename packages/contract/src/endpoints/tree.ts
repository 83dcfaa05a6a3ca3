import { z } from 'zod';
import { okBody } from '../common.ts';
import { group, groupBody, idAnswer } from '../group.ts';
import { pointFormBody, pointSaveAnswer } from '../point-form.ts';
import { point, pointList, pointListQuery, pointUpdateBody } from '../point.ts';
import { treeResponse } from '../tree.ts';
import { endpoint, idParams } from './endpoint.ts';

/** An id in the path. */

/** The tree rules every group operation states (spec 000 §4 "Tree rules"). */
const RULES =
  'A group holds groups or points, never both; a root group (`parent: "root"`) is never edited, moved or deleted but may get sub-groups. ' +
  'Tag codes are sent without the `#` prefix (sanitised: upper case, letters, digits, spaces) and stored with it; they are unique per customer across groups and points, compared without the prefix (409 TAG_CODE_TAKEN). ' +
  "Another customer's id answers 404 like an unknown one.";

/** What every point form operation states (spec 000 §5 "Point form"). */
const FORM =
  'Body: the point form (`pointFormBody`): `tagCode` without the `$` prefix (sanitised; stored with it; unique per customer across groups and points, compared without the prefix: 409 TAG_CODE_TAKEN). ' +
  'The server nulls the fields whose condition does not hold (spec 000 §5: gearbox fields without GearBox in `type`, planetary teeth unless planetaryGearReducer, current-shaft teeth unless the shaft is middle, belt fields unless belt-pulley, couplingType unless coupling, transmission_* unless gear-box, motorPower unless electricMotor, bearing fields without Bearing) and stores referenceFrequency 0 when referenceFrequencyVariable. ' +
  '`bearing` must be a catalogue bearing or one of the customer’s own (404 BEARING_NOT_FOUND); `favoriteTelemetry` must name one of the customer’s telemetry definitions (404 TELEMETRY_NOT_FOUND; null: the customer’s default telemetry is shown). ' +
  'With `imageBool` the answer’s `S3URL` is a presigned POST for one image (`imageName` must end in .jpg, .jpeg, .png, .webp or .gif: 400 IMAGE_INVALID), posted by the browser to `S3URL.url` with `S3URL.fields` and the file last as `file`; else `S3URL` is null. Units: referenceFrequency Hz, motorPower kW, beltLength cm.';

/**
 * The asset tree (spec 000 §2 "Asset tree", §3 "Point", §4 "Tree rules", §5 "Point form", §7): the
 * tree, its groups and its points. Server: modules/tree, modules/points.
 */
export const TREE_ENDPOINTS = {
  getTree: endpoint({
    method: 'GET',
    path: '/tree',
    access: { permission: ['readPoint'] },
    tags: ['tree'],
    summary: 'The asset tree as a flat list',
    description:
      "Groups and points of the caller's customer in display order, one query (no per-node requests; < 150 ms for 10 000 nodes, bench/tree.bench.ts). `parent` is 'root' for a root group; `tagCode` carries its '#' / '$' prefix. `lastTelemetryValue` is the point's favourite telemetry (else the customer's default) of its latest persisted measurement, the largest over the axes (the worst axis); null without one. `macAddress`: the attached sensor's MAC (points), for the quick search.",
    response: treeResponse,
  }),

  getGroup: endpoint({
    method: 'GET',
    path: '/tree/group/:id',
    access: { permission: ['readPoint'] },
    tags: ['tree'],
    summary: 'A group with its direct children',
    description: `\`tagCode\` with its \`#\` prefix; \`parent\` is 'root' for a root group; \`children\` in display order. 404 GROUP_NOT_FOUND for an unknown id, a point's id or another customer's group.`,
    params: idParams,
    response: group,
    errors: [404],
  }),
  createGroup: endpoint({
    method: 'POST',
    path: '/tree/group/:parentGroupId/group',
    access: { permission: ['createPoint'] },
    tags: ['tree'],
    summary: 'Create a group (a root group with parentGroupId "root")',
    description: `Body: \`name\`, \`tagCode\` (\`parent\` is ignored: the path names the parent). Answers the new id. 404 GROUP_NOT_FOUND for an unknown parent; 409 GROUP_HAS_POINTS when the parent holds points; 409 TAG_CODE_TAKEN. ${RULES}`,
    params: z.object({ parentGroupId: z.string() }),
    body: groupBody,
    response: idAnswer,
    errors: [400, 404, 409],
  }),
  updateGroup: endpoint({
    method: 'PUT',
    path: '/tree/group/:id',
    access: { permission: ['updatePoint'] },
    tags: ['tree'],
    summary: 'Edit a group, or move it with `parent`',
    description:
      'Body: `name`, `tagCode` and, on a move (tree move mode), `parent`: the id of the new parent group. ' +
      'A `parent` equal to the current one is no move. The new parent must be a group of the customer (404 GROUP_NOT_FOUND otherwise, also for "root": ' +
      'a group is never moved to the root level, only inner drops exist), hold no points (409 GROUP_HAS_POINTS), and be neither the group nor below it (409 TREE_CYCLE). ' +
      `A root group answers 409 ROOT_GROUP_LOCKED. ${RULES}`,
    params: idParams,
    body: groupBody,
    response: idAnswer,
    errors: [400, 404, 409],
  }),
  deleteGroup: endpoint({
    method: 'DELETE',
    path: '/tree/group/:id',
    access: { permission: ['deletePoint'] },
    tags: ['tree'],
    summary: 'Delete an empty group',
    description:
      '409 GROUP_NOT_EMPTY while it holds groups or points; 409 ROOT_GROUP_LOCKED for a root group; 404 GROUP_NOT_FOUND for an unknown id or another customer’s group.',
    params: idParams,
    response: okBody,
    errors: [404, 409],
  }),

  getPoint: endpoint({
    method: 'GET',
    path: '/point/:id',
    access: { permission: ['readPoint'] },
    tags: ['points'],
    summary: 'A measurement point with its form fields, device, profile, bearing and images',
    description:
      '`tagCode` with its `$` prefix; `parent` the group id; `path` the names from the root group down to the point; `bearing` the whole bearing or null; `images` `{key, url}` oldest first, `url` signed and valid 1 hour. 404 POINT_NOT_FOUND for an unknown id, a group’s id or another customer’s point.',
    params: idParams,
    response: point,
    errors: [404],
  }),
  listPoints: endpoint({
    method: 'GET',
    path: '/point',
    access: { permission: ['readPoint'] },
    tags: ['points'],
    summary: 'Several points by id',
    description:
      '`points`: a comma-separated list of point ids (at most 200; duplicates once). Answers the points found, in the order asked, each as GET /point/{id}; unknown ids and other customers’ points are left out. Without `points`: an empty list (the tree, GET /tree, lists every point).',
    query: pointListQuery,
    response: pointList,
    errors: [400],
  }),
  createPoint: endpoint({
    method: 'POST',
    path: '/group/:parentGroupId/point',
    access: { permission: ['createPoint'] },
    tags: ['points'],
    summary: 'Create a point in a group',
    description: `${FORM} The group must be a non-root group of the customer (404 GROUP_NOT_FOUND, 409 ROOT_GROUP_LOCKED) holding no groups (409 GROUP_HAS_GROUPS). \`deleteImage\` is ignored. Answers the new id and \`S3URL\`.`,
    params: z.object({ parentGroupId: z.string() }),
    body: pointFormBody,
    response: pointSaveAnswer,
    errors: [400, 404, 409],
  }),
  updatePoint: endpoint({
    method: 'PUT',
    path: '/point/:id',
    access: { permission: ['updatePoint'] },
    tags: ['points'],
    summary: 'Move a point (body with `tagGroup`) or edit it (the full form)',
    description:
      'A body with `tagGroup` is a move (tree move mode): the point goes to group `tagGroup`, which must be a non-root group of the customer (404 GROUP_NOT_FOUND, 409 ROOT_GROUP_LOCKED) holding no groups (409 GROUP_HAS_GROUPS); its other fields (name, tagCode, type, referenceFrequency) are ignored and `S3URL` is null. ' +
      `Any other body is the full form and replaces the point's fields (the point stays in its group). ${FORM} \`deleteImage\`: keys of the point's images to remove (others ignored). ` +
      '404 POINT_NOT_FOUND for an unknown id or another customer’s point.',
    params: idParams,
    body: pointUpdateBody,
    response: pointSaveAnswer,
    errors: [400, 404, 409],
  }),
  deletePoint: endpoint({
    method: 'DELETE',
    path: '/point/:id',
    access: { permission: ['deletePoint'] },
    tags: ['points'],
    summary: 'Delete a point',
    description:
      'Its measurements and telemetry values stay (their point becomes null), its sensor is detached (kept, without a point), it leaves every route, and its images are deleted. 404 POINT_NOT_FOUND for an unknown id or another customer’s point.',
    params: idParams,
    response: okBody,
    errors: [404],
  }),
};
