import { okBody } from '../common.ts';
import { route, routeBody, routeList } from '../route.ts';
import { endpoint, idParams } from './endpoint.ts';

/**
 * Routes: named lists of points (spec 000 §3 "Route", §7). Server: modules/point-routes.
 */
export const ROUTE_ENDPOINTS = {
  listRoutes: endpoint({
    method: 'GET',
    path: '/route',
    access: { permission: ['readRoute'] },
    tags: ['routes'],
    summary: "The customer's routes, oldest first, with their points in order",
    response: routeList,
  }),
  createRoute: endpoint({
    method: 'POST',
    path: '/route',
    access: { permission: ['createRoute'] },
    tags: ['routes'],
    summary: 'Create a route',
    description:
      'Name (trimmed, 1–200 characters) and the ids of the points in visiting order (at least one; each a point of the customer, else 404 POINT_NOT_FOUND).',
    body: routeBody,
    response: route,
    errors: [400, 404],
  }),
  getRoute: endpoint({
    method: 'GET',
    path: '/route/:id',
    access: { permission: ['readRoute'] },
    tags: ['routes'],
    summary: 'A route with its points',
    description: 'Another customer’s route answers 404 ROUTE_NOT_FOUND, as an unknown one.',
    params: idParams,
    response: route,
    errors: [404],
  }),
  updateRoute: endpoint({
    method: 'PUT',
    path: '/route/:id',
    access: { permission: ['updateRoute'] },
    tags: ['routes'],
    summary: 'Rename a route and replace its points',
    description: 'Same body and rules as POST /route. Another customer’s route answers 404 ROUTE_NOT_FOUND.',
    params: idParams,
    body: routeBody,
    response: route,
    errors: [400, 404],
  }),
  deleteRoute: endpoint({
    method: 'DELETE',
    path: '/route/:id',
    access: { permission: ['deleteRoute'] },
    tags: ['routes'],
    summary: 'Delete a route (its points stay)',
    description: 'Another customer’s route answers 404 ROUTE_NOT_FOUND.',
    params: idParams,
    response: okBody,
    errors: [404],
  }),
};
