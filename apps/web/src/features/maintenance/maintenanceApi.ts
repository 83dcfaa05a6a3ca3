import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, type MaintenanceCreateBody, type MaintenanceRecord, type MaintenanceUpdateBody } from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import { endpointQuery, endpointQueryKey } from '../../core/api/endpointQuery';
import { FAULT_REPORT_READS } from '../fault-reports/faultReportsApi';
import { TREE_QUERY_KEY } from '../tree/treeApi';

/** How often the records are read again while a verdict waits for measurements, ms. */
export const PENDING_REFRESH_MS = 10_000;

/** The records' refresh period: {@link PENDING_REFRESH_MS} while a verdict is pending, else none. */
export const pendingRefreshMs = (records: readonly MaintenanceRecord[] | undefined): number | false =>
  records?.some((r) => r.verdict?.outcome === 'pending') ? PENDING_REFRESH_MS : false;

/** The key of a point's maintenance records (`GET /maintenances?pointId`). */
export const pointMaintenancesKey = (pointId: string) => endpointQueryKey(ENDPOINTS.listMaintenances, { query: { pointId } });

/**
 * `GET /maintenances?pointId`: the point's maintenance records (spec 001 §7), each with its verdict.
 * @param enabled false without readMaintenance (nothing is fetched)
 * @param silent no error toast (the trend's markers are an extra: their failure is only logged)
 */
export const useMaintenancesQuery = (pointId: string, enabled = true, { silent = false } = {}) =>
  useQuery({
    ...endpointQuery(ENDPOINTS.listMaintenances, { query: { pointId } }, { silent }),
    enabled,
    // a pending verdict is decided by measurements still to come: looked at again until it is
    refetchInterval: (q) => pendingRefreshMs(q.state.data),
  });

/**
 * `POST /maintenances` (createMaintenance) → `{_id}` and `PUT /maintenances/{id}` with
 * `{description, status}` only (updateMaintenance), spec 001 §7. A failure is shown by the API
 * client as an error toast with the server's message (spec 001 §8) and rethrown. Each success
 * reloads the point's records (the tab and the trend markers), its fault reports and the tree's
 * badges: completing a record may close reports (docs/maintenance.md).
 */
export function useMaintenanceMutations(pointId: string) {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: pointMaintenancesKey(pointId) }),
      qc.invalidateQueries(FAULT_REPORT_READS),
      qc.invalidateQueries({ queryKey: TREE_QUERY_KEY }),
    ]);
  const create = useMutation({
    mutationFn: (body: MaintenanceCreateBody) => callEndpoint(ENDPOINTS.createMaintenance, { body }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: MaintenanceUpdateBody }) =>
      // the answer (the record) is not used: the list is loaded again with every record's verdict
      callEndpoint(ENDPOINTS.updateMaintenance, { params: { id }, body }),
    onSuccess: refresh,
  });
  return { create, update };
}
