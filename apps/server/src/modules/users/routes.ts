import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPasswordBody,
  badRequestBody,
  errorBody,
  messageBody,
  okBody,
  user,
  userCreateBody,
  userList,
  userUpdateBody,
} from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { authOf, needs } from '../auth/access.ts';
import { selectUsers, toUser } from './repo.ts';
import { userMessage } from './messages.ts';
import { createUser, deleteUser, setUserPassword, updateUser } from './service.ts';

const idParams = z.object({ id: z.string() });

/** Users of the customer (spec 002 §3 "User", §7 Admin): list, create, edit, delete, admin password reset. */
export async function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/users', {
    config: { access: needs('readUser') },
    schema: {
      tags: ['users'],
      summary: "The customer's users",
      description: 'Oldest first, each with its role (id and name), phone `{country, number}` and flags.',
      response: { 200: userList },
    },
    handler: async (req) => (await selectUsers(ctx.db, authOf(req).customerId).execute()).map(toUser),
  });

  r.post('/users', {
    config: { access: needs('createUser') },
    schema: {
      tags: ['users'],
      summary: 'Create a user',
      description:
        "The password must pass the customer's policy raised to the global floor (400 `Weak Password`). The new user has `passwordChanged: false` (chooses their own password at the first login) and the e-mailed second login step unless `mfaEnabled: false`. Only an admin may create an admin (type admin or the ADMIN role: 403 ADMIN_ONLY); the role may hold only permissions the caller holds (403 GRANT_NOT_HELD).",
      body: userCreateBody,
      response: { 200: user, 400: badRequestBody, 403: errorBody, 404: errorBody, 409: errorBody },
    },
    handler: async (req) => createUser(ctx, authOf(req), req.body),
  });

  r.put('/users/:id', {
    config: { access: needs('updateUser') },
    schema: {
      tags: ['users'],
      summary: 'Edit a user',
      description:
        'Replaces name, surname, e-mail (unique in the customer, case-insensitively: 409), phone, user type, role and the second-step flag. Another customer’s user answers 404. Only an admin may edit an admin or make a user an admin (type admin or the ADMIN role: 403 ADMIN_ONLY); the user’s old and new roles may hold only permissions the caller holds (403 GRANT_NOT_HELD); the last admin holding the ADMIN role cannot be demoted or moved off it (403 LAST_ADMIN).',
      params: idParams,
      body: userUpdateBody,
      response: { 200: user, 400: badRequestBody, 403: errorBody, 404: errorBody, 409: errorBody },
    },
    handler: async (req) => updateUser(ctx, authOf(req), req.params.id, req.body),
  });

  r.delete('/users/:id', {
    config: { access: needs('deleteUser') },
    schema: {
      tags: ['users'],
      summary: 'Delete a user',
      description:
        'Deletes the user, ends their sessions and takes them off the alarm notification receivers. Nobody deletes their own account (409); only an admin deletes an admin (403 ADMIN_ONLY); the last admin holding the ADMIN role stays (403 LAST_ADMIN). Their measurements stay, without a user.',
      params: idParams,
      response: { 200: okBody, 403: errorBody, 404: errorBody, 409: errorBody },
    },
    handler: async (req) => {
      await deleteUser(ctx, authOf(req), req.params.id);
      return { ok: true as const };
    },
  });

  r.post('/user/:id/password', {
    config: { access: needs('deleteUser') },
    schema: {
      tags: ['users'],
      summary: "Set another user's password (admin)",
      description:
        "Needs deleteUser and the caller's user type admin (403 otherwise). The password must pass the customer's policy; the user must choose their own at the next login (`passwordChanged: false`) and their sessions end. Answers a translated confirmation.",
      params: idParams,
      body: adminPasswordBody,
      response: { 200: messageBody, 400: badRequestBody, 403: errorBody, 404: errorBody },
    },
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
