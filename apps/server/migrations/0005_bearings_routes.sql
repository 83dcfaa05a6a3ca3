-- Bearings: the cage frequency relative to the inner ring, the catalogue family, one custom bearing
-- per (customer, brand, number); routes (named, ordered sets of points).

-- ftfi: cage frequency relative to the inner ring, in orders of shaft speed. With the outer ring
-- stationary and the inner ring turning at f_r, the cage turns at FTF·f_r; seen from the inner ring it
-- turns at f_r − FTF·f_r = (1 − FTF)·f_r (backwards), the rate at which one inner-ring point meets the
-- same pocket again, and BPFI = Z·(1 − FTF)·f_r (docs/bearings.md). Existing rows get 1 − ftf; a
-- custom bearing with no multipliers yet (ftf = 0: "zero values", spec 000 §3) keeps 0.
ALTER TABLE bearings ADD COLUMN ftfi double precision NOT NULL DEFAULT 0;
UPDATE bearings SET ftfi = CASE WHEN ftf > 0 THEN 1 - ftf ELSE 0 END;

-- "group": catalogue family ('deep groove ball', 'cylindrical roller'); '' when unknown (custom bearings).
ALTER TABLE bearings ADD COLUMN "group" text NOT NULL DEFAULT '';

-- One custom bearing per customer, brand and number (compared case-insensitively).
CREATE UNIQUE INDEX bearings_custom ON bearings (customer_id, upper(brand), upper(bearing_number))
  WHERE customer_id IS NOT NULL;
CREATE INDEX bearings_brand_number ON bearings (upper(brand), upper(bearing_number));

CREATE TABLE routes (
  id           text PRIMARY KEY,
  customer_id  text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  name         text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX routes_customer ON routes (customer_id, created_at);

-- The points of a route in the chosen order. Deleting a point drops it from every route.
CREATE TABLE route_points (
  route_id   text NOT NULL REFERENCES routes(id) ON DELETE CASCADE,
  point_id   text NOT NULL REFERENCES tree_nodes(id) ON DELETE CASCADE,
  position   integer NOT NULL,
  PRIMARY KEY (route_id, point_id)
);
CREATE INDEX route_points_point ON route_points (point_id);
