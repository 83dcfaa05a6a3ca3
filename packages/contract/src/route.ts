import { z } from 'zod';

/** A route: a named set of points to visit (spec 000 §2 "Routes tab", §3 "Route"). */
export const route = z.object({
  _id: z.string(),
  name: z.string(),
  /** Ids of the points, in the order chosen. */
  points: z.array(z.string()),
  /** The points with their names and tree path, for the cards. */
  tree: z.array(
    z.object({ _id: z.string(), name: z.string(), nodeType: z.literal('point'), parent: z.string(), path: z.array(z.string()) }),
  ),
  createdAt: z.string(),
});
export type Route = z.infer<typeof route>;
export const routeList = z.array(route);

/** `POST /route`, `PUT /route/{id}`: name required (point.inputName), at least one point (common.leastOnePoint). */
export const routeBody = z.object({
  name: z.string().trim().min(1, 'pleaseEnterName').max(200),
  points: z.array(z.string()).min(1, 'leastOnePoint'),
});
export type RouteBody = z.infer<typeof routeBody>;
