-- Issue 6: Ducks, multi-channel analog acquisition units (MAC prefix CA:B8:DA; docs/ducks.md).
-- One row per Duck of a customer: its configuration (voltage reference, sample size, sampling rate,
-- sensors with channels, as the contract's DuckConfig) and its periodic measurement interval.
-- Rows are created when an admin opens the Duck list for Ducks the customer's registry knows
-- (gateways or devices with the Duck prefix).
CREATE TABLE ducks (
  id                 text PRIMARY KEY,
  customer_id        text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  mac                text NOT NULL UNIQUE,
  config             jsonb NOT NULL,
  repeat_interval_s  integer CHECK (repeat_interval_s IS NULL OR repeat_interval_s > 0),
  trigger_id         text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ducks_customer ON ducks (customer_id, mac);

-- A Duck measurement keeps the configuration it was taken with (channels, reference, sensor
-- scaling): the stored raw words are decoded with it. NULL for Senseway measurements.
ALTER TABLE measurements ADD COLUMN duck_config jsonb;
