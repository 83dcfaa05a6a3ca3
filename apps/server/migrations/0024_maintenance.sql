-- Maintenance records of a point and the verdict written on a completed one (issue 16;
-- spec 001 §3 Maintenance record; docs/maintenance.md).
CREATE TABLE maintenances (
  id            text PRIMARY KEY,
  customer_id   text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  point_id      text NOT NULL REFERENCES tree_nodes(id) ON DELETE CASCADE,
  title         text NOT NULL,
  description   text NOT NULL DEFAULT '',
  status        text NOT NULL CHECK (status IN ('completed', 'continues')),
  -- maintenanceStartDate (the customer's wall clock on the wire, an instant here)
  start_at      timestamptz NOT NULL,
  -- when it was (last) set completed; null while it continues
  completed_at  timestamptz,
  created_by    text REFERENCES users(id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  -- MaintenanceVerdict (packages/contract/src/maintenance.ts); null while it continues
  verdict       jsonb,
  -- verdict.outcome, for counting: pending, improved, unchanged, worse; null while it continues
  outcome       text CHECK (outcome IN ('pending', 'improved', 'unchanged', 'worse'))
);
CREATE INDEX maintenances_point ON maintenances (point_id, start_at);
CREATE INDEX maintenances_customer_completed ON maintenances (customer_id, completed_at) WHERE completed_at IS NOT NULL;
CREATE INDEX maintenances_pending ON maintenances (point_id) WHERE outcome = 'pending';

-- Every role that may administer (all permissions of its time) gets the new ones; roles that read
-- points may read maintenance records.
UPDATE roles
   SET permissions = permissions || ARRAY['readMaintenance', 'createMaintenance', 'updateMaintenance']
 WHERE name = 'ADMIN' AND NOT ('readMaintenance' = ANY (permissions));
UPDATE roles
   SET permissions = permissions || ARRAY['readMaintenance']
 WHERE 'readPoint' = ANY (permissions) AND NOT ('readMaintenance' = ANY (permissions));
