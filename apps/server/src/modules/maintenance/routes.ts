import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** OWNED BY the maintenance server helper: replace this stub. `GET/POST /maintenances`, `PUT /maintenances/{id}`. */
export async function maintenanceRoutes(_app: FastifyInstance, _ctx: AppContext) {}
