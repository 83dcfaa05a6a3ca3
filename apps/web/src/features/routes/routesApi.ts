import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ENDPOINTS, type RouteBody } from '@overtone/contract';
import { callEndpoint } from '../../core/api/callEndpoint';
import { endpointQuery, endpointQueryKey } from '../../core/api/endpointQuery';

/** `GET /route`: the customer's routes, oldest first, each with its point ids in order (needs readRoute). */
export function useRoutesQuery(enabled = true) {
  return useQuery({ ...endpointQuery(ENDPOINTS.listRoutes), enabled });
}

/** `POST /route` (createRoute): name and at least one point id; answers the route. */
export const createRoute = (body: RouteBody) => callEndpoint(ENDPOINTS.createRoute, { body });

/** `PUT /route/{id}` (updateRoute): new name and the full list of points. */
export const updateRoute = (id: string, body: RouteBody) => callEndpoint(ENDPOINTS.updateRoute, { params: { id }, body });

/** `DELETE /route/{id}` (deleteRoute); the points stay. */
export const deleteRoute = (id: string) => callEndpoint(ENDPOINTS.deleteRoute, { params: { id } });

/** Routes changed: reload the list. */
export const invalidateRoutes = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: endpointQueryKey(ENDPOINTS.listRoutes) });
