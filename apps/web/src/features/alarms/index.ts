/**
 * Alarms of a point (spec 001 §2 Alarms, Alarm transactions, Frequency-peak alarm editor): the two
 * tabs the point detail shows. Both take `{ pointId }` and gate themselves on readAlarm.
 */
export { PointAlarmsTab } from './PointAlarmsTab';
export { AlarmTransactionsTab } from './AlarmTransactionsTab';
