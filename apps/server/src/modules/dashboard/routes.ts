import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** OWNED BY the dashboard server helper: replace this stub. `GET /dashboard/*` (spec 001 §7). */
export async function dashboardRoutes(_app: FastifyInstance, _ctx: AppContext) {}
