import { z } from 'zod';
import {
  alarmTransactionsDetailResponse,
  deleteAlarmResponse,
  frequencyPeakAlarmsBody,
  frequencyPeakAlarmsResponse,
  metricAlarm,
  metricAlarmBody,
  metricAlarmList,
} from '../alarms.ts';
import { alarmTransactionsQuery } from '../measurement-detail.ts';
import { endpoint, idParams } from './endpoint.ts';

const METRIC_DOC =
  '`thresholdDirection` 1 top limit (critical ≥ hazard ≥ attention on the upper values), −1 bottom limit (attention ≥ hazard ≥ critical on the lower values), 0 band (both sides ordered, lower below upper). The unused side is nulled and values rounded to 4 decimals on save. `delay` (consecutive measurements before raising, 1…100) and `hysteresis` (margin in the telemetry unit before clearing) go beyond the spec. Design: docs/alarms.md.';

const NOT_FOUND_DOC = 'Another customer’s point or alarm answers 404 exactly like a missing one.';

const alarmParams = z.object({ id: z.string(), alarmId: z.string() });

/**
 * Metric and frequency-peak alarms and their transactions (spec 001 §3, §5, §7; docs/alarms.md). Server: modules/alarms.
 */
export const ALARM_ENDPOINTS = {
  listMetricAlarms: endpoint({
    method: 'GET',
    path: '/point/:id/alarm',
    access: { permission: ['readAlarm'] },
    tags: ['alarms'],
    summary: "The point's metric alarms",
    description: `Oldest first, each with its active \`level\`. A point gets the built-in ISO 10816-1 alarms on VRMS_ISO10816 (one per axis, \`builtIn: 'iso10816'\`) the first time its alarms are read or evaluated. ${NOT_FOUND_DOC}`,
    params: idParams,
    response: metricAlarmList,
    errors: [404],
  }),
  createMetricAlarm: endpoint({
    method: 'POST',
    path: '/point/:id/alarm',
    access: { permission: ['createAlarm'] },
    tags: ['alarms'],
    summary: 'Create a metric alarm',
    description: `${METRIC_DOC} ${NOT_FOUND_DOC}`,
    params: idParams,
    body: metricAlarmBody,
    response: metricAlarm,
    errors: [400, 404],
  }),
  getMetricAlarm: endpoint({
    method: 'GET',
    path: '/point/:id/alarm/:alarmId',
    access: { permission: ['readAlarm'] },
    tags: ['alarms'],
    summary: 'One metric alarm',
    description: NOT_FOUND_DOC,
    params: alarmParams,
    response: metricAlarm,
    errors: [404],
  }),
  updateMetricAlarm: endpoint({
    method: 'PUT',
    path: '/point/:id/alarm/:alarmId',
    access: { permission: ['updateAlarm'] },
    tags: ['alarms'],
    summary: 'Replace a metric alarm',
    description: `${METRIC_DOC} The active level is kept until the next measurement; an edited built-in alarm becomes the user's own. ${NOT_FOUND_DOC}`,
    params: alarmParams,
    body: metricAlarmBody,
    response: metricAlarm,
    errors: [400, 404],
  }),
  deleteMetricAlarm: endpoint({
    method: 'DELETE',
    path: '/point/:id/alarm/:alarmId',
    access: { permission: ['deleteAlarm'] },
    tags: ['alarms'],
    summary: 'Delete a metric alarm',
    description: `Its transactions stay in the history; the point's health follows its other alarms. ${NOT_FOUND_DOC}`,
    params: alarmParams,
    response: deleteAlarmResponse,
    errors: [404],
  }),
  listFrequencyPeakAlarms: endpoint({
    method: 'GET',
    path: '/point/:id/frequencyPeakAlarm',
    access: { permission: ['readAlarm'] },
    tags: ['alarms'],
    summary: "The point's frequency-peak alarms",
    description: `\`{alarms}\` in the order saved; \`sensitivity\` (Hz) is shown doubled (stored halved: the alarm watches frequency ± sensitivity/2). ${NOT_FOUND_DOC}`,
    params: idParams,
    response: frequencyPeakAlarmsResponse,
    errors: [404],
  }),
  replaceFrequencyPeakAlarms: endpoint({
    method: 'POST',
    path: '/point/:id/frequencyPeakAlarm',
    access: { permission: ['updateAlarm'] },
    tags: ['alarms'],
    summary: "Replace the point's frequency-peak alarms",
    description: `Body \`{alarms: [{name, axis, frequency, sensitivity, threshold}]}\` replaces the whole set (an empty list removes every one). Sensitivity: even number of Hz ≥ 2; thresholds in g, critical ≥ hazard ≥ attention. Evaluated on every measurement against the largest line of the axis' envelope spectrum (band-pass 500 Hz … min(6000, fs/2 − 50) Hz, Hilbert envelope, g RMS, Hanning; docs/alarms.md) within frequency ± sensitivity/2. Needs updateAlarm. ${NOT_FOUND_DOC}`,
    params: idParams,
    body: frequencyPeakAlarmsBody,
    response: frequencyPeakAlarmsResponse,
    errors: [400, 404],
  }),
  listAlarmTransactions: endpoint({
    method: 'GET',
    path: '/alarm-transactions',
    access: { permission: ['readAlarm'] },
    tags: ['alarms'],
    summary: 'Alarm transactions (paged)',
    description:
      'Level changes of the customer’s alarms, newest first. Query `pageNumber` (from 1), `pageSize` 10, 25, 50 or 75 (default 10), `points` (comma list of point ids), `levelName` (all, healthy, attention, hazard, critical). `score` is the value that decided the level (telemetry unit; g for a frequency peak; hours without data for `kind: noData`).',
    query: alarmTransactionsQuery,
    response: alarmTransactionsDetailResponse,
    errors: [400],
  }),
};
