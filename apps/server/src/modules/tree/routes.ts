import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { customerPreferences, treeResponse, type TreeNode } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { authOf, needs } from '../auth/access.ts';

export async function treeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/tree', {
    config: { access: needs('readPoint') },
    schema: {
      tags: ['tree'],
      summary: 'The asset tree as a flat list',
      description:
        "Groups and points of the caller's customer. `lastTelemetryValue` is the point's favourite telemetry (else the customer's default) of its latest measurement, the largest over the axes (the worst axis).",
      response: { 200: treeResponse },
    },
    handler: async (req) => {
      const auth = authOf(req);
      const customer = await ctx.db
        .selectFrom('customers')
        .select('preferences')
        .where('id', '=', auth.customerId)
        .executeTakeFirstOrThrow();
      const defaultTelemetry = customerPreferences.parse(customer.preferences).defaultTelemetry;
      const nodes = await ctx.db
        .selectFrom('tree_nodes as n')
        .leftJoin('devices as d', 'd.point_id', 'n.id')
        .select(['n.id', 'n.name', 'n.parent_id', 'n.node_type', 'n.tag_code', 'n.health', 'n.point', 'd.mac'])
        .where('n.customer_id', '=', auth.customerId)
        .orderBy('n.sort_order')
        .orderBy('n.name')
        .execute();
      const last = await sql<{ point_id: string; telemetry: string; value: number }>`
        SELECT DISTINCT ON (tv.point_id, tv.telemetry) tv.point_id, tv.telemetry, max(tv.value) AS value
        FROM telemetry_values tv
        JOIN measurements m ON m.id = tv.measurement_id
        WHERE tv.customer_id = ${auth.customerId} AND NOT tv.device_reported
          AND m.id = (SELECT id FROM measurements WHERE point_id = tv.point_id AND state = 'persisted' AND customer_id = ${auth.customerId} ORDER BY created_at DESC LIMIT 1)
        GROUP BY tv.point_id, tv.telemetry`.execute(ctx.db);
      const byPoint = new Map<string, Map<string, number>>();
      for (const row of last.rows) {
        if (!byPoint.has(row.point_id)) byPoint.set(row.point_id, new Map());
        byPoint.get(row.point_id)!.set(row.telemetry, Number(row.value));
      }
      return nodes.map((n): TreeNode => {
        const fav = (n.point as { favoriteTelemetry?: string | null }).favoriteTelemetry ?? defaultTelemetry;
        const v = byPoint.get(n.id)?.get(fav);
        return {
          _id: n.id,
          name: n.name,
          parent: n.parent_id ?? 'root',
          nodeType: n.node_type,
          tagCode: n.tag_code,
          unansweredEvaluationsCount: 0,
          lastTelemetryValue: v === undefined ? null : { value: v, telemetry: fav },
          health: n.health as TreeNode['health'],
          macAddress: n.mac ?? null,
        };
      });
    },
  });
}
