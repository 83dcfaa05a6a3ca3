import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequestBody, errorBody, group, groupBody, idAnswer, okBody, type Group } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf, needs } from '../auth/access.ts';
import {
  TAG_PREFIX,
  assertCanHoldGroup,
  assertNoCycle,
  assertTagCodeFree,
  childCounts,
  groupOrThrow,
  inTreeTransaction,
  nextSortOrder,
} from './rules.ts';
import { newId } from '../../infra/ids.ts';

const idParams = z.object({ id: z.string() });
const RULES =
  'A group holds groups or points, never both; a root group (`parent: "root"`) is never edited, moved or deleted but may get sub-groups. ' +
  'Tag codes are sent without the `#` prefix (sanitised: upper case, letters, digits, spaces) and stored with it; they are unique per customer across groups and points, compared without the prefix (409 TAG_CODE_TAKEN). ' +
  "Another customer's id answers 404 like an unknown one.";

/**
 * Groups of the asset tree (spec 000 §2 "Asset tree", §4 "Tree rules", §7): read, create (also
 * root groups), edit or move, delete. The rules live in `rules.ts`.
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
    handler: async (req): Promise<Group> => {
      const { customerId } = authOf(req);
      const g = await groupOrThrow(ctx.db, customerId, req.params.id);
      const children = await ctx.db
        .selectFrom('tree_nodes')
        .select(['id', 'name', 'node_type'])
        .where('customer_id', '=', customerId)
        .where('parent_id', '=', g.id)
        .orderBy('sort_order')
        .orderBy('name')
        .execute();
      return {
        _id: g.id,
        name: g.name,
        tagCode: g.tag_code,
        parent: g.parent_id ?? 'root',
        nodeType: 'group',
        children: children.map((c) => ({ _id: c.id, name: c.name, nodeType: c.node_type })),
      };
    },
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
    handler: async (req) => {
      const { customerId } = authOf(req);
      const { parentGroupId } = req.params;
      const tagCode = TAG_PREFIX.group + req.body.tagCode;
      return inTreeTransaction(ctx.db, customerId, async (trx) => {
        const parent = parentGroupId === 'root' ? null : await groupOrThrow(trx, customerId, parentGroupId, 'parentGroupId');
        if (parent) await assertCanHoldGroup(trx, customerId, parent);
        await assertTagCodeFree(trx, customerId, tagCode);
        const id = newId();
        await trx
          .insertInto('tree_nodes')
          .values({
            id,
            customer_id: customerId,
            parent_id: parent?.id ?? null,
            node_type: 'group',
            name: req.body.name,
            tag_code: tagCode,
            sort_order: await nextSortOrder(trx, customerId, parent?.id ?? null),
            point: '{}',
          })
          .execute();
        return { _id: id };
      });
    },
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
    handler: async (req) => {
      const { customerId } = authOf(req);
      const tagCode = TAG_PREFIX.group + req.body.tagCode;
      return inTreeTransaction(ctx.db, customerId, async (trx) => {
        const g = await groupOrThrow(trx, customerId, req.params.id);
        if (g.parent_id === null) throw new AppError('ROOT_GROUP_LOCKED');
        let parentId = g.parent_id;
        const target = req.body.parent;
        if (target !== undefined && target !== g.parent_id) {
          const parent = await groupOrThrow(trx, customerId, target, 'parent');
          await assertNoCycle(trx, customerId, g.id, parent.id);
          await assertCanHoldGroup(trx, customerId, parent);
          parentId = parent.id;
        }
        await assertTagCodeFree(trx, customerId, tagCode, g.id);
        await trx
          .updateTable('tree_nodes')
          .set({
            name: req.body.name,
            tag_code: tagCode,
            parent_id: parentId,
            ...(parentId !== g.parent_id ? { sort_order: await nextSortOrder(trx, customerId, parentId) } : {}),
          })
          .where('id', '=', g.id)
          .where('customer_id', '=', customerId)
          .execute();
        return { _id: g.id };
      });
    },
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
      const { customerId } = authOf(req);
      await inTreeTransaction(ctx.db, customerId, async (trx) => {
        const g = await groupOrThrow(trx, customerId, req.params.id);
        if (g.parent_id === null) throw new AppError('ROOT_GROUP_LOCKED');
        const n = await childCounts(trx, customerId, g.id);
        if (n.groups + n.points > 0) throw new AppError('GROUP_NOT_EMPTY');
        await trx.deleteFrom('tree_nodes').where('id', '=', g.id).where('customer_id', '=', customerId).execute();
      });
      return { ok: true as const };
    },
  });
}
