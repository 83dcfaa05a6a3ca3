import { useQuery, type QueryClient } from '@tanstack/react-query';
import { route, routeList, type RouteBody } from '@overtone/contract';
import { apiRequest } from '../../core/api/apiClient';

/** Query key of the customer's routes. */
export const ROUTES_KEY = ['routes'] as const;

/** `GET /route`: the customer's routes, oldest first, each with its point ids in order (needs readRoute). */
export function useRoutesQuery(enabled = true) {
  return useQuery({
    queryKey: ROUTES_KEY,
    queryFn: ({ signal }) => apiRequest('/route', { schema: routeList, signal }),
    enabled,
  });
}

/** `POST /route` (createRoute): name and at least one point id; answers the route. */
export const createRoute = (body: RouteBody) => apiRequest('/route', { method: 'POST', body, schema: route });

/** `PUT /route/{id}` (updateRoute): new name and the full list of points. */
export const updateRoute = (id: string, body: RouteBody) =>
  apiRequest(`/route/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: route });

/** `DELETE /route/{id}` (deleteRoute); the points stay. */
export const deleteRoute = (id: string) => apiRequest(`/route/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Routes changed: reload the list. */
export const invalidateRoutes = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ROUTES_KEY });
