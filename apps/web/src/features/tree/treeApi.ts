import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS, treeNode, type TreeNode } from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import { endpointQueryKey } from '../../core/api/endpointQuery';

/** The key of the asset tree's answer (`GET /tree`). */
export const TREE_QUERY_KEY = endpointQueryKey(ENDPOINTS.getTree);

/** The contract's tree list, also accepting a null parent (spec 000 §3: null roots are treated as root). */
const treeAnswer = treeNode.extend({ parent: treeNode.shape.parent.nullable().transform((p) => p ?? 'root') }).array();

/** `GET /tree`; a failure yields an empty tree (spec 000 §2) and is only logged. */
export async function fetchTree(signal?: AbortSignal): Promise<TreeNode[]> {
  try {
    return await callEndpoint(ENDPOINTS.getTree, {}, { schema: treeAnswer, signal, silent: true });
  } catch (e) {
    if (signal?.aborted) throw e;
    console.warn('Asset tree could not be loaded', e);
    return [];
  }
}

/**
 * How often the shown tree is reloaded, ms: points' health and last values change with every
 * measurement (alarms are evaluated right after one is stored, docs/alarms.md), including those
 * the scheduler and triggers take while nobody is measuring.
 */
export const TREE_REFRESH_MS = 30_000;

export const useTreeQuery = () =>
  useQuery({ queryKey: TREE_QUERY_KEY, queryFn: ({ signal }) => fetchTree(signal), refetchInterval: TREE_REFRESH_MS });
