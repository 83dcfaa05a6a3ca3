import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../infra/endpoint-route.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf } from '../auth/access.ts';
import { selectUsers, toUser } from './repo.ts';
import { userMessage } from './messages.ts';
import { createUser, deleteUser, setUserPassword, updateUser } from './service.ts';

/** Users of the customer (spec 002 §3 "User", §7 Admin): list, create, edit, delete, admin password reset. */
export async function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ENDPOINTS.listUsers),
    handler: async (req) => (await selectUsers(ctx.db, authOf(req).customerId).execute()).map(toUser),
  });

  r.route({
    ...routeOf(ENDPOINTS.createUser),
    handler: async (req) => createUser(ctx, authOf(req), req.body),
  });

  r.route({
    ...routeOf(ENDPOINTS.updateUser),
    handler: async (req) => updateUser(ctx, authOf(req), req.params.id, req.body),
  });

  r.route({
    ...routeOf(ENDPOINTS.deleteUser),
    handler: async (req) => {
      await deleteUser(ctx, authOf(req), req.params.id);
      return { ok: true as const };
    },
  });

  r.route({
    ...routeOf(ENDPOINTS.setUserPassword),
    // Before the body is validated: a non-admin learns nothing from this route but 403.
    onRequest: async (req) => {
      if (authOf(req).userType !== 'admin') throw new AppError('FORBIDDEN');
    },
    handler: async (req) => {
      await setUserPassword(ctx, authOf(req).customerId, req.params.id, req.body.password);
      return { message: userMessage(req, 'userPasswordSet') };
    },
  });
}
