-- Dashboard (issue 16; docs/dashboard.md "Cost"): the level an alarm held at the start of an
-- interval is its last transaction before it, one probe per alarm (system health, health progress).
-- Without this index the probe walks the point's transactions (alarm_transactions_point_created)
-- back to the alarm's last one.
CREATE INDEX alarm_transactions_alarm_created ON alarm_transactions (alarm_id, created_at DESC) INCLUDE (level);
