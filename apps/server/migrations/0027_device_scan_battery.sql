-- Battery voltage in scanDevice entries (issue 17 item 13; docs/devices.md "Battery").
-- A gateway may report the end node's battery in each scan entry (`"battery": "3.41"`, volts; the
-- simulator does, modelled on the 3.x metadata's battery_voltage, senseway-gateway.md §7 and §11.2).
-- The latest plausible reading of each (gateway, device) is kept here; a scan entry without one keeps
-- the previous value. NULL: never reported (generation-1 firmware) or every reading was implausible.
ALTER TABLE device_scans ADD COLUMN battery_v real NULL;
COMMENT ON COLUMN device_scans.battery_v IS
  'Battery voltage, V, of the latest scanDevice entry that carried a plausible one (0 < v <= 5); NULL when none did';
