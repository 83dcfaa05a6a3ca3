import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { ENDPOINTS, type CustomBearingBody, type PointFormInput, type S3PresignedPost } from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import { endpointQuery, endpointQueryKey } from '../../core/api/endpointQuery';
import { pointQueryKey } from '../points/pointApi';
import { customBearingBodyOf } from './bearingChoice';
import { pointFormRecord } from './pointFormRecord';
import { toPointFormBody, type PointFormValues } from './pointFormValues';
import type { PointFormMode } from './PointFormDialog';

/**
 * `GET /point/{id}` parsed as the form's read model (fresh each time the dialog opens). Keyed as the
 * point's answer with the variant `form` (another shape than the point page's), so the point's key
 * ({@link pointQueryKey}, matched partially) names it too.
 */
export const usePointFormRecord = (id: string | null) =>
  useQuery({
    ...endpointQuery(ENDPOINTS.getPoint, { params: { id: id ?? '' } }, { schema: pointFormRecord, variant: 'form' }),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });

/**
 * `GET /bearingSpesifications?brand=&bearing_number=`: the bearings of `brand` whose number starts
 * with `text`; nothing is asked before a brand is chosen.
 */
export const useBearingOptions = (brand: string | null, text: string) =>
  useQuery({
    ...endpointQuery(ENDPOINTS.listBearings, { query: { brand: brand ?? undefined, bearing_number: text.trim() || undefined } }),
    enabled: !!brand,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** `POST /bearingSpesifications`: creates a CUSTOM bearing; answers it. */
export const createCustomBearing = (body: CustomBearingBody) => callEndpoint(ENDPOINTS.createBearing, { body });

/** `POST /group/{parentGroupId}/point`: answers the new point's id and, for an image, where to upload it. */
export const createPoint = (parentGroupId: string, body: PointFormInput) =>
  callEndpoint(ENDPOINTS.createPoint, { params: { parentGroupId }, body });

/** Full-form `PUT /point/{id}`: answers the id and, for an image, where to upload it. */
export const updatePoint = (id: string, body: PointFormInput) => callEndpoint(ENDPOINTS.updatePoint, { params: { id }, body });

/**
 * Uploads `file` to an S3 presigned POST: a multipart form with the policy `fields` first and the
 * `file` part last (S3 ignores fields after the file). A failure is only logged (spec 000 §7): the
 * point is saved either way.
 */
export async function uploadPointImage(target: S3PresignedPost, file: File): Promise<boolean> {
  const form = new FormData();
  for (const [k, v] of Object.entries(target.fields)) form.append(k, v);
  form.append('file', file, file.name);
  try {
    const res = await fetch(target.url, { method: 'POST', body: form });
    if (res.ok) return true;
    console.warn(`Point image upload failed: HTTP ${res.status}`);
  } catch (e) {
    console.warn('Point image upload failed', e);
  }
  return false;
}

/**
 * Saves the form: creates a new free-typed bearing first (its id goes in the body), then creates or
 * updates the point, then uploads the chosen image to the answer's S3URL.
 * @returns the point's id.
 * @throws ApiError when the bearing or the point cannot be saved (already toasted by the client).
 */
export async function savePointForm(mode: PointFormMode, values: PointFormValues): Promise<string> {
  const custom = customBearingBodyOf(values.bearingBrand, values.bearing);
  const bearingId = custom && values.type.includes('Bearing') ? (await createCustomBearing(custom))._id : values.bearing.id;
  const body = toPointFormBody(values, bearingId);
  const answer = mode.kind === 'create' ? await createPoint(mode.parentGroupId, body) : await updatePoint(mode.pointId, body);
  if (values.image && answer.S3URL) await uploadPointImage(answer.S3URL, values.image);
  else if (values.image) console.warn('Point saved without an upload address for its image');
  return answer._id;
}

/**
 * After a save: the point's queries (its page's answer and the form's read model: the point's key
 * matches both) and the tree (its names and tag codes).
 */
export const invalidateAfterSave = (queryClient: QueryClient, pointId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: pointQueryKey(pointId) }),
    // the tree's key (features/tree's TREE_QUERY_KEY), derived here: the tree imports this folder
    queryClient.invalidateQueries({ queryKey: endpointQueryKey(ENDPOINTS.getTree) }),
  ]);
