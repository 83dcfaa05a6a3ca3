import { messageBody } from '../auth.ts';
import { okBody } from '../common.ts';
import { adminPasswordBody, user, userCreateBody, userList, userUpdateBody } from '../users.ts';
import { endpoint, idParams } from './endpoint.ts';

/**
 * Users of the customer (spec 002 §3 "User", §7 Admin). Server: modules/users.
 */
export const USER_ENDPOINTS = {
  listUsers: endpoint({
    method: 'GET',
    path: '/users',
    access: { permission: ['readUser'] },
    tags: ['users'],
    summary: "The customer's users",
    description: 'Oldest first, each with its role (id and name), phone `{country, number}` and flags.',
    response: userList,
  }),
  createUser: endpoint({
    method: 'POST',
    path: '/users',
    access: { permission: ['createUser'] },
    tags: ['users'],
    summary: 'Create a user',
    description:
      "The password must pass the customer's policy raised to the global floor (400 `Weak Password`). The new user has `passwordChanged: false` (chooses their own password at the first login) and the e-mailed second login step unless `mfaEnabled: false`. Only an admin may create an admin (type admin or the ADMIN role: 403 ADMIN_ONLY); the role may hold only permissions the caller holds (403 GRANT_NOT_HELD).",
    body: userCreateBody,
    response: user,
    errors: [400, 403, 404, 409],
  }),
  updateUser: endpoint({
    method: 'PUT',
    path: '/users/:id',
    access: { permission: ['updateUser'] },
    tags: ['users'],
    summary: 'Edit a user',
    description:
      'Replaces name, surname, e-mail (unique in the customer, case-insensitively: 409), phone, user type, role and the second-step flag. Another customer’s user answers 404. Only an admin may edit an admin or make a user an admin (type admin or the ADMIN role: 403 ADMIN_ONLY); the user’s old and new roles may hold only permissions the caller holds (403 GRANT_NOT_HELD); the last admin holding the ADMIN role cannot be demoted or moved off it (403 LAST_ADMIN).',
    params: idParams,
    body: userUpdateBody,
    response: user,
    errors: [400, 403, 404, 409],
  }),
  deleteUser: endpoint({
    method: 'DELETE',
    path: '/users/:id',
    access: { permission: ['deleteUser'] },
    tags: ['users'],
    summary: 'Delete a user',
    description:
      'Deletes the user, ends their sessions and takes them off the alarm notification receivers. Nobody deletes their own account (409); only an admin deletes an admin (403 ADMIN_ONLY); the last admin holding the ADMIN role stays (403 LAST_ADMIN). Their measurements stay, without a user.',
    params: idParams,
    response: okBody,
    errors: [403, 404, 409],
  }),
  setUserPassword: endpoint({
    method: 'POST',
    path: '/user/:id/password',
    access: { permission: ['deleteUser'] },
    tags: ['users'],
    summary: "Set another user's password (admin)",
    description:
      "Needs deleteUser and the caller's user type admin (403 otherwise). The password must pass the customer's policy; the user must choose their own at the next login (`passwordChanged: false`) and their sessions end. Answers a translated confirmation.",
    params: idParams,
    body: adminPasswordBody,
    response: messageBody,
    errors: [400, 403, 404],
  }),
};
