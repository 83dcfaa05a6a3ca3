-- Alarm preferences that act (spec 002 §2 Preferences, §7 customer preferences `alarm`; issue 17
-- item 17; design in docs/alarms.md "Senseway disconnected", "Built-in defaults: crest factor*",
-- "Notifications").

-- Senseway disconnected: a gateway's alarm has no point. Its transactions carry the gateway's MAC
-- address (`mac_address`) and a null point; its active level lives in gateway_alarm_states (not in
-- alarm_states, whose rows are a point's alarms and make its health).
ALTER TABLE alarm_transactions ALTER COLUMN point_id DROP NOT NULL;

CREATE TABLE gateway_alarm_states (
  gateway_id   text PRIMARY KEY REFERENCES gateways(id) ON DELETE CASCADE,
  customer_id  text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  level        smallint NOT NULL DEFAULT 0,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- Auto alarm crest_star: when a point was given its crest factor* alarms (once, like the ISO
-- defaults: a deleted one is not re-created). Null: not yet (the preference was off).
ALTER TABLE alarm_defaults_applied ADD COLUMN crest_star_applied_at timestamptz;

-- In-app notifications of the customer's notification receivers (preferences.alarm.
-- notificationReceivers, user ids): one row per receiver and alarm transaction at or above the
-- customer's mail level (preferences.alarm.alarmLevel, at least attention), written by a trigger in
-- the writer's transaction, whoever writes the transaction. `read_at`: null while unread.
CREATE TABLE notifications (
  user_id         text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  transaction_id  text NOT NULL REFERENCES alarm_transactions(id) ON DELETE CASCADE,
  customer_id     text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  read_at         timestamptz,
  PRIMARY KEY (user_id, transaction_id)
);
CREATE INDEX notifications_user_created ON notifications (user_id, created_at DESC, transaction_id DESC);
CREATE INDEX notifications_user_unread ON notifications (user_id) WHERE read_at IS NULL;

CREATE FUNCTION alarm_notifications_fan_out() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, transaction_id, customer_id)
  SELECT u.id, NEW.id, NEW.customer_id
    FROM customers c
    JOIN users u ON u.customer_id = c.id
   WHERE c.id = NEW.customer_id
     AND NEW.level >= greatest(1, coalesce((c.preferences #>> '{alarm,alarmLevel}')::int, 1))
     AND coalesce(c.preferences #> '{alarm,notificationReceivers}', '[]'::jsonb) @> jsonb_build_array(u.id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER alarm_transactions_notify
  AFTER INSERT ON alarm_transactions
  FOR EACH ROW WHEN (NEW.level > 0)
  EXECUTE FUNCTION alarm_notifications_fan_out();
