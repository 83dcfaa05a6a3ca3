import { ENDPOINTS, badRequestBody, errorBody, logoAnswer, type PreferencesBody } from '@overtone/contract';
import { apiHeaders, buildUrl } from '../../../core/api/apiClient';
import { callEndpoint } from '../../../core/api/callEndpoint';
import { ApiError } from '../../../core/api/ApiError';
import { errorMessage, fieldErrorMessage, genericErrorMessage } from '../../../core/api/errorMessage';

/** `PUT /preferences` (updatePreferences): the whole preferences object but the logo. */
export const savePreferences = (body: PreferencesBody) => callEndpoint(ENDPOINTS.updatePreferences, { body });

/** `DELETE /preferences/logo` (updatePreferences). */
export const deleteLogo = () => callEndpoint(ENDPOINTS.removePreferencesLogo);

/**
 * `PUT /preferences/logo` (updatePreferences) with the raw image as the body and its content type;
 * the server resizes it to 40 px high (spec 002 §5).
 * The API client sends JSON bodies only, so this call is made here with the same headers.
 * @throws ApiError with the translated message (the caller shows it)
 */
export async function uploadLogo(file: File): Promise<string | null> {
  const headers = apiHeaders('application/json');
  headers['Content-Type'] = file.type || 'application/octet-stream';
  let res: Response;
  try {
    res = await fetch(buildUrl('/preferences/logo'), { method: 'PUT', headers, body: file });
  } catch {
    throw new ApiError(0, genericErrorMessage(), 'NETWORK');
  }
  const json: unknown = await res.json().catch(() => undefined);
  if (res.ok) return logoAnswer.parse(json).logo;
  const bad = badRequestBody.safeParse(json);
  const err = errorBody.safeParse(json);
  const text = bad.success
    ? bad.data.errors.map((e) => fieldErrorMessage(e.msg)).join('\n')
    : res.status >= 500
      ? genericErrorMessage()
      : errorMessage(err.data?.code, err.data?.message);
  throw new ApiError(res.status, text, err.data?.code);
}
