import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequestBody, errorBody, group, groupBody, idAnswer, okBody, type Group } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { authOf, needs } from '../auth/access.ts';
import { createGroup, deleteGroup, editGroup, groupWithChildren } from './service.ts';

const idParams = z.object({ id: z.string() });
const RULES =
  'A group holds groups or points, never both; a root group (`parent: "root"`) is never edited, moved or deleted but may get sub-groups. ' +
  'Tag codes are sent without the `#` prefix (sanitised: upper case, letters, digits, spaces) and stored with it; they are unique per customer across groups and points, compared without the prefix (409 TAG_CODE_TAKEN). ' +
  "Another customer's id answers 404 like an unknown one.";

/**
 * Groups of the asset tree (spec 000 §2 "Asset tree", §4 "Tree rules", §7): read, create (also
 * root groups), edit or move, delete. The rules live in `rules.ts`, the work in `service.ts`.
 */
export async function groupRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/tree/group/:id', {
    config: { access: needs('readPoint') },
    schema: {
      tags: ['tree'],
      summary: 'A group with its direct children',
      description: `\`tagCode\` with its \`#\` prefix; \`parent\` is 'root' for a root group; \`children\` in display order. 404 GROUP_NOT_FOUND for an unknown id, a point's id or another customer's group.`,
      params: idParams,
      response: { 200: group, 404: errorBody },
    },
    handler: async (req): Promise<Group> => groupWithChildren(ctx, authOf(req).customerId, req.params.id),
  });

  r.post('/tree/group/:parentGroupId/group', {
    config: { access: needs('createPoint') },
    schema: {
      tags: ['tree'],
      summary: 'Create a group (a root group with parentGroupId "root")',
      description: `Body: \`name\`, \`tagCode\` (\`parent\` is ignored: the path names the parent). Answers the new id. 404 GROUP_NOT_FOUND for an unknown parent; 409 GROUP_HAS_POINTS when the parent holds points; 409 TAG_CODE_TAKEN. ${RULES}`,
      params: z.object({ parentGroupId: z.string() }),
      body: groupBody,
      response: { 200: idAnswer, 400: badRequestBody, 404: errorBody, 409: errorBody },
    },
    handler: async (req) => createGroup(ctx, authOf(req).customerId, req.params.parentGroupId, req.body),
  });

  r.put('/tree/group/:id', {
    config: { access: needs('updatePoint') },
    schema: {
      tags: ['tree'],
      summary: 'Edit a group, or move it with `parent`',
      description:
        'Body: `name`, `tagCode` and, on a move (tree move mode), `parent`: the id of the new parent group. ' +
        'A `parent` equal to the current one is no move. The new parent must be a group of the customer (404 GROUP_NOT_FOUND otherwise, also for "root": ' +
        'a group is never moved to the root level, only inner drops exist), hold no points (409 GROUP_HAS_POINTS), and be neither the group nor below it (409 TREE_CYCLE). ' +
        `A root group answers 409 ROOT_GROUP_LOCKED. ${RULES}`,
      params: idParams,
      body: groupBody,
      response: { 200: idAnswer, 400: badRequestBody, 404: errorBody, 409: errorBody },
    },
    handler: async (req) => editGroup(ctx, authOf(req).customerId, req.params.id, req.body),
  });

  r.delete('/tree/group/:id', {
    config: { access: needs('deletePoint') },
    schema: {
      tags: ['tree'],
      summary: 'Delete an empty group',
      description:
        '409 GROUP_NOT_EMPTY while it holds groups or points; 409 ROOT_GROUP_LOCKED for a root group; 404 GROUP_NOT_FOUND for an unknown id or another customer’s group.',
      params: idParams,
      response: { 200: okBody, 404: errorBody, 409: errorBody },
    },
    handler: async (req) => {
      await deleteGroup(ctx, authOf(req).customerId, req.params.id);
      return { ok: true as const };
    },
  });
}
