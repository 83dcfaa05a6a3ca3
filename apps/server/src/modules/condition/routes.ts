import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** OWNED BY the condition-control helper: replace this stub. `GET /point/{id}/condition`. */
export async function conditionRoutes(_app: FastifyInstance, _ctx: AppContext) {}
