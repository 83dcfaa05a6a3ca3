import { describe, expect, it } from 'vitest';
import {
  ENDPOINTS,
  frequencyPeakAlarmsResponse,
  metricAlarm,
  metricAlarmList,
  type FrequencyPeakAlarmInput,
} from '@overtone/contract';
import { api } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';
import {
  MISSING,
  TOP,
  call,
  demoId,
  newPoint,
  pointId,
  server,
  token,
  useAlarmsFixture,
  type Bad,
} from './support/alarms-fixture.ts';

/**
 * Metric alarms, frequency-peak alarms and the alarm-transactions list (spec 001 §3, §5, §6, §7):
 * validation (400 `errors: [{msg, param}]`), what is stored, permissions, tenant isolation and the
 * built-in ISO 10816 defaults, against the real server on the embedded database. Evaluation is in
 * alarms-evaluation.test.ts.
 */
useAlarmsFixture();

describe('metric alarms: create, read, update, delete (spec 001 §7)', () => {
  it('stores an alarm with the unused side nulled and thresholds rounded to 4 decimals (spec 001 §5)', async () => {
    const res = await callApi(server.url, token, ENDPOINTS.createMetricAlarm, {
      params: { id: pointId },
      body: { ...TOP, threshold: { attention: [-1, 2.123456], hazard: [-1, 5], critical: [-1, 8.00004] } },
    });
    expect(res.status).toBe(200);
    expect(metricAlarm.parse(res.body)).toMatchObject({
      name: 'GRMS high',
      point: pointId,
      telemetry: 'GRMS',
      source: 'accelerometer_x',
      thresholdDirection: 1,
      calculated: true,
      threshold: { attention: [null, 2.1235], hazard: [null, 5], critical: [null, 8] },
      delay: 1,
      hysteresis: 0,
      builtIn: null,
      // not evaluated yet (no measurement since it was made): unknown, as the tree shows the point
      level: { name: 'unknown', order: -1 },
    });
    const one = await callApi(server.url, token, ENDPOINTS.getMetricAlarm, { params: { id: pointId, alarmId: res.body._id } });
    expect(one.body).toEqual(res.body);
  });

  it('bottom limit nulls the upper values; band keeps both and stores frequencyRange, delay, hysteresis', async () => {
    const bottom = await callApi(server.url, token, ENDPOINTS.createMetricAlarm, {
      params: { id: pointId },
      body: {
        ...TOP,
        name: 'low',
        thresholdDirection: -1,
        threshold: { attention: [-2, 9], hazard: [-5, 9], critical: [-8, 9] },
      },
    });
    expect(bottom.body.threshold).toEqual({ attention: [-2, null], hazard: [-5, null], critical: [-8, null] });
    const band = await callApi(server.url, token, ENDPOINTS.createMetricAlarm, {
      params: { id: pointId },
      body: {
        ...TOP,
        name: 'band',
        telemetry: 'VRMS',
        thresholdDirection: 0,
        properties: { frequencyRange: [10, 1000] },
        threshold: { attention: [-2, 2], hazard: [-5, 5], critical: [-8, 8] },
        delay: 3,
        hysteresis: 0.25,
      },
    });
    expect(band.status).toBe(200);
    expect(band.body).toMatchObject({
      thresholdDirection: 0,
      properties: { frequencyRange: [10, 1000] },
      threshold: { attention: [-2, 2], hazard: [-5, 5], critical: [-8, 8] },
      delay: 3,
      hysteresis: 0.25,
    });
  });

  it('PUT replaces the fields, DELETE removes the alarm (then 404)', async () => {
    const created = await callApi(server.url, token, ENDPOINTS.createMetricAlarm, {
      params: { id: pointId },
      body: { ...TOP, name: 'to edit' },
    });
    const alarm = { id: pointId, alarmId: created.body._id };
    const put = await callApi(server.url, token, ENDPOINTS.updateMetricAlarm, {
      params: alarm,
      body: {
        ...TOP,
        name: 'edited',
        telemetry: 'KURTOSIS',
        threshold: { attention: [null, 4], hazard: [null, 6], critical: [null, 9] },
      },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      _id: created.body._id,
      name: 'edited',
      telemetry: 'KURTOSIS',
      threshold: { attention: [null, 4] },
    });
    const del = await callApi(server.url, token, ENDPOINTS.deleteMetricAlarm, { params: alarm });
    expect(del).toEqual({ status: 200, body: { deleted: true } });
    expect((await callApi(server.url, token, ENDPOINTS.getMetricAlarm, { params: alarm })).status).toBe(404);
    expect((await callApi(server.url, token, ENDPOINTS.deleteMetricAlarm, { params: alarm })).status).toBe(404);
    expect(
      (await callApi(server.url, token, ENDPOINTS.updateMetricAlarm, { params: { id: pointId, alarmId: MISSING }, body: TOP }))
        .status,
    ).toBe(404);
  });

  it('GET lists the point’s alarms oldest first, with the built-in ISO 10816 alarms of its machine class', async () => {
    const res = await callApi(server.url, token, ENDPOINTS.listMetricAlarms, { params: { id: pointId } });
    expect(res.status).toBe(200);
    const list = metricAlarmList.parse(res.body);
    const iso = list.filter((a) => a.builtIn === 'iso10816');
    // No motor power known → class II (ISO 10816-1 Annex B Table B.1: 1.12 / 2.8 / 7.1 mm/s).
    expect(iso.map((a) => a.source)).toEqual(['accelerometer_x', 'accelerometer_y', 'accelerometer_z']);
    for (const a of iso)
      expect(a).toMatchObject({
        telemetry: 'VRMS_ISO10816',
        thresholdDirection: 1,
        threshold: { attention: [null, 1.12], hazard: [null, 2.8], critical: [null, 7.1] },
      });
    expect(list.filter((a) => !a.builtIn).map((a) => a.name)).toEqual(['GRMS high', 'low', 'band']);
    // Once only: a deleted default stays deleted.
    await callApi(server.url, token, ENDPOINTS.deleteMetricAlarm, { params: { id: pointId, alarmId: iso[2]!._id } });
    const again = await callApi(server.url, token, ENDPOINTS.listMetricAlarms, { params: { id: pointId } });
    expect(again.body.filter((a) => a.builtIn === 'iso10816')).toHaveLength(2);
  });

  it('names the built-in alarms in the reader’s language while they keep their default name; a renamed one as written', async () => {
    const p = await newPoint(demoId, { motorPower: 30 });
    const names = async (language: string) =>
      (await callApi(server.url, token, ENDPOINTS.listMetricAlarms, { params: { id: p }, language })).body
        .filter((a) => a.builtIn === 'iso10816')
        .map((a) => a.name);
    expect(await names('en')).toEqual(['X', 'Y', 'Z'].map((axis) => `ISO 10816 velocity ${axis} (class II)`));
    expect(await names('tr')).toEqual(['X', 'Y', 'Z'].map((axis) => `ISO 10816 hız ${axis} (sınıf II)`));
    expect((await names('de'))[0]).toBe('ISO 10816 Schwinggeschwindigkeit X (Klasse II)');
    const [x] = (await callApi(server.url, token, ENDPOINTS.listMetricAlarms, { params: { id: p } })).body.filter(
      (a) => a.builtIn === 'iso10816',
    );
    const { _id, name: _name, point: _point, level: _level, builtIn: _builtIn, createdAt: _c, updatedAt: _u, ...rest } = x!;
    expect(
      (
        await callApi(server.url, token, ENDPOINTS.updateMetricAlarm, {
          params: { id: p, alarmId: _id },
          body: { ...rest, name: 'Motor DE horizontal' },
        })
      ).status,
    ).toBe(200);
    const all = (await callApi(server.url, token, ENDPOINTS.listMetricAlarms, { params: { id: p }, language: 'en' })).body;
    expect(all.find((a) => a._id === _id)?.name).toBe('Motor DE horizontal');
    expect(await names('zh')).toContain('ISO 10816 振动速度 Y（II 类）');
  });

  it('a small machine (motor ≤ 15 kW) gets the class I boundaries, a large one class III', async () => {
    const small = await newPoint(demoId, { motorPower: 7.5 });
    const large = await newPoint(demoId, { motorPower: 250 });
    const s = await callApi(server.url, token, ENDPOINTS.listMetricAlarms, { params: { id: small } });
    const l = await callApi(server.url, token, ENDPOINTS.listMetricAlarms, { params: { id: large } });
    expect(s.body[0]!.threshold).toEqual({ attention: [null, 0.71], hazard: [null, 1.8], critical: [null, 4.5] });
    expect(l.body[0]!.threshold).toEqual({ attention: [null, 1.8], hazard: [null, 4.5], critical: [null, 11.2] });
  });
});

describe('a Duck point (channel groups, no accelerometer)', () => {
  it('gets no built-in ISO 10816 alarms', async () => {
    const duck = await newPoint(demoId);
    await server.ctx.db
      .updateTable('tree_nodes')
      .set({ channel_groups: ['G1'] })
      .where('id', '=', duck)
      .execute();
    const res = await callApi(server.url, token, ENDPOINTS.listMetricAlarms, { params: { id: duck } });
    expect(res).toMatchObject({ status: 200, body: [] });
  });
});

describe('metric alarm validation (spec 001 §5): 400 with errors [{msg, param}]', () => {
  const bad = async (body: unknown) => {
    const res = await call<Bad>('POST', `/point/${pointId}/alarm`, body);
    expect(res.status).toBe(400);
    return res.body.errors;
  };
  it('name, telemetry and source are required', async () => {
    expect(await bad({ ...TOP, name: ' ', telemetry: '', source: '' })).toEqual(
      expect.arrayContaining([
        { msg: 'Please enter the alarm name', param: 'name' },
        { msg: expect.any(String), param: 'telemetry' },
        { msg: 'Please select the telemetry source', param: 'source' },
      ]),
    );
  });
  it('source must be an accelerometer axis, device or a Duck channel', async () => {
    expect(await bad({ ...TOP, source: 'somewhere' })).toEqual([
      { msg: 'The source must be an accelerometer axis, the device or a Duck channel', param: 'source' },
    ]);
    for (const source of ['device', 'channel_3', 'accelerometer_z'])
      expect(
        (
          await callApi(server.url, token, ENDPOINTS.createMetricAlarm, {
            params: { id: pointId },
            body: { ...TOP, name: `src ${source}`, source },
          })
        ).status,
      ).toBe(200);
  });
  it('thresholdDirection must be 1, 0 or −1', async () => {
    expect(await bad({ ...TOP, thresholdDirection: 2 })).toEqual([
      { msg: 'The threshold direction must be top limit (1), band (0) or bottom limit (-1)', param: 'thresholdDirection' },
    ]);
  });
  it('top limit: upper values required and critical ≥ hazard ≥ attention', async () => {
    expect(await bad({ ...TOP, threshold: { attention: [null, 2], hazard: [null, null], critical: [null, 8] } })).toEqual([
      { msg: 'Please enter this threshold', param: 'threshold.hazard.1' },
    ]);
    expect(await bad({ ...TOP, threshold: { attention: [null, 6], hazard: [null, 5], critical: [null, 8] } })).toEqual([
      { msg: 'Thresholds must be critical ≥ hazard ≥ attention', param: 'threshold.hazard.1' },
    ]);
  });
  it('bottom limit: attention ≥ hazard ≥ critical on the lower values', async () => {
    expect(
      await bad({
        ...TOP,
        thresholdDirection: -1,
        threshold: { attention: [-2, null], hazard: [-9, null], critical: [-8, null] },
      }),
    ).toEqual([{ msg: 'Lower thresholds must be attention ≥ hazard ≥ critical', param: 'threshold.hazard.0' }]);
  });
  it('band: both sides ordered, lower below upper', async () => {
    const t = { attention: [-2, 2], hazard: [-5, 5], critical: [-8, 8] };
    expect(await bad({ ...TOP, thresholdDirection: 0, threshold: { ...t, critical: [-8, 4] } })).toEqual([
      { msg: 'Thresholds must be critical ≥ hazard ≥ attention', param: 'threshold.hazard.1' },
    ]);
    expect(
      await bad({ ...TOP, thresholdDirection: 0, threshold: { ...t, attention: [3, 2], hazard: [2, 5], critical: [1, 8] } }),
    ).toEqual([{ msg: 'In a band the lower threshold must be below the upper one', param: 'threshold.attention' }]);
    expect(await bad({ ...TOP, thresholdDirection: 0, threshold: { ...t, attention: [null, 2] } })).toEqual([
      { msg: 'Please enter this threshold', param: 'threshold.attention.0' },
    ]);
  });
  it('frequencyRange, delay and hysteresis bounds', async () => {
    expect(await bad({ ...TOP, properties: { frequencyRange: [500, 100] } })).toEqual([
      { msg: 'frequencyRange must be [low, high] with low < high', param: 'properties.frequencyRange' },
    ]);
    expect(await bad({ ...TOP, delay: 0 })).toEqual([{ msg: 'The delay must be 1 to 100 measurements', param: 'delay' }]);
    expect(await bad({ ...TOP, hysteresis: -1 })).toEqual([{ msg: expect.any(String), param: 'hysteresis' }]);
  });
  it('answers in the language header’s language', async () => {
    const res = await api<Bad>(server.url, token, 'POST', `/point/${pointId}/alarm`, { ...TOP, name: '' }, { language: 'de' });
    expect(res.body.errors).toEqual([{ msg: 'Bitte geben Sie den Alarmnamen ein', param: 'name' }]);
  });
});

describe('frequency-peak alarms (spec 001 §3, §5, §7)', () => {
  const ALARM: FrequencyPeakAlarmInput = {
    name: 'BPFI band',
    axis: 'accelerometer_x',
    frequency: 162.2,
    sensitivity: 4,
    threshold: { attention: 0.1, hazard: 0.2, critical: 0.3 },
  };

  it('POST replaces the set; sensitivity is stored halved and shown doubled', async () => {
    const first = await callApi(server.url, token, ENDPOINTS.replaceFrequencyPeakAlarms, {
      params: { id: pointId },
      body: { alarms: [ALARM, { ...ALARM, name: 'second', axis: 'accelerometer_z', sensitivity: 10 }] },
    });
    expect(first.status).toBe(200);
    expect(frequencyPeakAlarmsResponse.parse(first.body).alarms.map((a) => [a.name, a.axis, a.sensitivity])).toEqual([
      ['BPFI band', 'accelerometer_x', 4],
      ['second', 'accelerometer_z', 10],
    ]);
    expect(first.body.alarms[0]).toMatchObject({
      point: pointId,
      customer: demoId,
      frequency: 162.2,
      level: { name: 'unknown', order: -1 },
    });
    const stored = await server.ctx.db
      .selectFrom('frequency_peak_alarms')
      .select(['name', 'half_band_hz'])
      .where('point_id', '=', pointId)
      .orderBy('sort_order')
      .execute();
    expect(stored).toEqual([
      { name: 'BPFI band', half_band_hz: 2 },
      { name: 'second', half_band_hz: 5 },
    ]);
    const replaced = await callApi(server.url, token, ENDPOINTS.replaceFrequencyPeakAlarms, {
      params: { id: pointId },
      body: { alarms: [ALARM] },
    });
    expect(replaced.body.alarms).toHaveLength(1);
    const read = await callApi(server.url, token, ENDPOINTS.listFrequencyPeakAlarms, { params: { id: pointId } });
    expect(read.body).toEqual(replaced.body);
  });

  it('validates sensitivity (even, ≥ 2), thresholds (critical ≥ hazard ≥ attention), axis and frequency', async () => {
    const bad = async (patch: Record<string, unknown>) => {
      const res = await call<Bad>('POST', `/point/${pointId}/frequencyPeakAlarm`, { alarms: [{ ...ALARM, ...patch }] });
      expect(res.status).toBe(400);
      return res.body.errors;
    };
    expect(await bad({ sensitivity: 3 })).toEqual([
      { msg: 'The sensitivity must be an even number of Hz', param: 'alarms.0.sensitivity' },
    ]);
    expect(await bad({ sensitivity: 0 })).toEqual(
      expect.arrayContaining([{ msg: 'The sensitivity must be at least 2 Hz', param: 'alarms.0.sensitivity' }]),
    );
    expect(await bad({ threshold: { attention: 0.3, hazard: 0.2, critical: 0.25 } })).toEqual([
      { msg: 'Thresholds must be critical ≥ hazard ≥ attention', param: 'alarms.0.threshold.hazard' },
    ]);
    expect(await bad({ axis: 'accelerometer_w' })).toEqual([{ msg: 'The axis must be x, y or z', param: 'alarms.0.axis' }]);
    expect(await bad({ frequency: 0 })).toEqual([
      { msg: 'The frequency must be greater than 0 Hz', param: 'alarms.0.frequency' },
    ]);
    expect(await bad({ name: '' })).toEqual([{ msg: 'Please enter the alarm name', param: 'alarms.0.name' }]);
  });
});
