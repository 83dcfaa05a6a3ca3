-- When a gateway's MQTT connection was dropped (the broker disconnected it, or an external
-- broker's access rules were rewritten, which makes Mosquitto disconnect the clients holding the
-- role). Its first scan afterwards clears it and sends again the measure commands still unanswered:
-- a gateway with a clean session loses what was published while it was away
-- (modules/iot/command-redelivery.ts).
ALTER TABLE gateways ADD COLUMN connection_dropped_at timestamptz;
