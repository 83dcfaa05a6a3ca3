import { ENDPOINTS, type Me } from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import { updateSession } from '../../core/session';

/**
 * `POST /me/password`: sets the caller's password (the session's token, or the reset link's token
 * in the `token` header). `currentPassword`: the password now, which the server requires for a
 * voluntary change (the user menu's dialog); the reset link and the forced first change send none.
 * Resolves to the server's translated confirmation; a failure (wrong current password, weak or
 * common password, expired link) is shown by the API client and rethrown.
 */
export const setMyPassword = async (password: string, currentPassword?: string): Promise<string> =>
  (
    await callEndpoint(ENDPOINTS.setMyPassword, {
      body: currentPassword === undefined ? { password } : { password, currentPassword },
    })
  ).message;

/**
 * `GET /me` for a page that handles a refused token itself (the set-password page with an
 * expired link): no toast, no redirect.
 */
export const fetchMe = (signal?: AbortSignal): Promise<Me> =>
  callEndpoint(ENDPOINTS.getMe, {}, { signal, silent: true, redirectOnUnauthorized: false });

/**
 * `PUT /me/user-guiding-shown`: whether the onboarding tour was seen. The stored session follows
 * at once (the tour opens or closes without waiting for the answer); a failure is shown by the API
 * client.
 */
export async function setUserGuidingShown(userGuidingShown: boolean): Promise<void> {
  updateSession({ userGuidingShown });
  await callEndpoint(ENDPOINTS.setUserGuidingShown, { body: { userGuidingShown } });
}
