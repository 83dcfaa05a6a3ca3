import type { Generated } from 'kysely';
import type { Optional } from './column-types.ts';

/** Kysely table types: The asset tree, its points and images, routes, bearings and telemetry definitions. They mirror apps/server/migrations/*.sql (schema.test.ts checks them). */

export interface BearingsTable {
  id: string;
  customer_id: string | null;
  brand: string;
  bearing_number: string;
  bpfo: number;
  bpfi: number;
  bsf: number;
  ftf: number;
  /** Cage frequency relative to the inner ring, orders (1 − ftf for catalogue rows); migration 0005. */
  ftfi: Generated<number>;
  /** Catalogue family ('deep groove ball', 'cylindrical roller'), '' for custom; migration 0005. */
  group: Generated<string>;
  type: 'DEFAULT' | 'CUSTOM';
}
export interface TreeNodesTable {
  id: string;
  customer_id: string;
  parent_id: string | null;
  node_type: 'group' | 'point';
  name: string;
  tag_code: string;
  sort_order: Generated<number>;
  health: Generated<string>;
  point: unknown;
  /** {telemetry: max value} of the latest persisted measurement (maintained by triggers, migration 0004). */
  last_values: Optional<unknown>;
  /** DUCKV1 channel group codes of the point (migration 0006). */
  channel_groups: Generated<string[]>;
  created_at: Generated<Date>;
}
/** Images of a point, stored in object storage under `points/{customer}/{point}/` (migration 0004). */
export interface PointImagesTable {
  key: string;
  customer_id: string;
  point_id: string;
  content_type: string;
  size_bytes: number;
  created_at: Generated<Date>;
}
/** Routes: named sets of points (migration 0005). */
export interface RoutesTable {
  id: string;
  customer_id: string;
  name: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
/** The points of a route in order; a deleted point leaves every route (ON DELETE CASCADE). */
export interface RoutePointsTable {
  route_id: string;
  point_id: string;
  position: number;
}
export interface TelemetryDefinitionsTable {
  id: string;
  customer_id: string;
  name: string;
  display_name: string;
  unit: string;
  hidden: Generated<boolean>;
  min_value: Optional<number>;
  max_value: Optional<number>;
  is_default: Generated<boolean>;
  built_in: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: Generated<Date>;
}
