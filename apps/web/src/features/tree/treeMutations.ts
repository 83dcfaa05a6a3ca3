import type { QueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import { moveRequest, type PendingMove } from './moveRules';
import { TREE_QUERY_KEY } from './treeApi';

/** Delay between saving the moves and reloading the tree (spec 000 §9: 500 ms). */
export const TREE_RELOAD_AFTER_MOVE_MS = 500;

/** Name and tag code of a group (tag code without its '#' prefix). */
export interface GroupValues {
  name: string;
  tagCode: string;
}

/** `POST /tree/group/{parentGroupId}/group`; 'root' as parent creates a root group. Returns the new id. */
export async function createGroup(parentGroupId: string, values: GroupValues): Promise<string> {
  const answer = await callEndpoint(ENDPOINTS.createGroup, { params: { parentGroupId }, body: values });
  return answer._id;
}

/** `PUT /tree/group/{id}` with name and tag code (edit). */
export async function updateGroup(id: string, values: GroupValues): Promise<void> {
  await callEndpoint(ENDPOINTS.updateGroup, { params: { id }, body: values }, { schema: null });
}

/**
 * `DELETE /tree/group/{id}`. Silent: a failure's server message is shown by the caller as an
 * info toast (spec 000 §8).
 */
export async function deleteGroup(id: string): Promise<void> {
  await callEndpoint(ENDPOINTS.deleteGroup, { params: { id } }, { silent: true, schema: null });
}

/** `DELETE /point/{id}`. Silent: a failure is shown by the caller as tree.DeleteCanceled (spec 000 §8). */
export async function deletePoint(id: string): Promise<void> {
  await callEndpoint(ENDPOINTS.deletePoint, { params: { id } }, { silent: true, schema: null });
}

/**
 * Saves the collected moves one after the other, in the order they were made (see
 * {@link moveRequest}). Stops at the first failure, which the API client has already shown
 * (a 409 carries the rule broken).
 * @returns how many moves were saved
 * @throws the first failure (ApiError), after the moves before it were saved
 */
export async function saveMoves(moves: readonly PendingMove[]): Promise<number> {
  let saved = 0;
  for (const m of moves) {
    const r = moveRequest(m);
    if (r.nodeType === 'point')
      await callEndpoint(ENDPOINTS.updatePoint, { params: { id: r.id }, body: r.body }, { schema: null });
    else await callEndpoint(ENDPOINTS.updateGroup, { params: { id: r.id }, body: r.body }, { schema: null });
    saved += 1;
  }
  return saved;
}

/** Marks the tree stale and reloads it (and waits for the reload). */
export const reloadTree = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: TREE_QUERY_KEY });
