import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type FaultReport } from '@overtone/contract';
import { faultName } from '../src/modules/fault-reports/catalogue.ts';
import { callApi } from './support/endpoint-client.ts';
import { login, startTestServer } from './support/test-server.ts';
import { connectGateway } from './support/gateway-client.ts';
import { publishRecordedMeasurement } from './support/recorded-measurement.ts';

/**
 * Fault reports from real measurements through the real path (docs/fault-reports.md): a gateway
 * publishes the demo sensors' self-initiated measurements of REAL CWRU records (105 inner race on
 * the "Inner race fault" point's sensor, 097 normal on the "Normal baseline" one; x = drive end,
 * y = fan end, z = drive end 60 000 samples later, ±4 g, 24 000 samples at 12 kHz, as the
 * simulated plant sends them) over the embedded broker; ingest decodes each once (telemetry and
 * features), the post-persist diagnosis writes the reports, and the API answers them.
 */
const GATEWAY = 'CA:B8:28:00:00:01';
const NORMAL = 'CA:B8:31:00:00:01';
const INNER = 'CA:B8:31:00:00:02';

let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let gateway: Awaited<ReturnType<typeof connectGateway>>;
let innerPoint: string;
let normalPoint: string;

/** Publishes one measurement of `device` (the 48 kHz normal record decimated to 12 kHz, as the plant does) and waits until it is diagnosed; returns its id. */
const measure = (device: string, stem: string, start: number) =>
  publishRecordedMeasurement({ server, gateway, gatewayMac: GATEWAY }, device, {
    stem,
    start,
    q: stem === 'cwru_097_Normal_0HP' ? 4 : 1,
  });

const reportsOf = async (point: string) =>
  (await callApi(server.url, token, ENDPOINTS.listPointFaultReports, { params: { id: point } })).body.data.detectionReports;
const badge = async (point: string) =>
  (await callApi(server.url, token, ENDPOINTS.getTree)).body.find((n) => n._id === point)!.unansweredEvaluationsCount;
const pointOf = async (name: string) =>
  (await server.ctx.db.selectFrom('tree_nodes').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  server = await startTestServer({ chunkWaitMs: 20_000 });
  token = await login(server.url);
  gateway = await connectGateway(server, GATEWAY, { clientId: 'fault-reports-ingest' });
  innerPoint = await pointOf('Inner race fault');
  normalPoint = await pointOf('Normal baseline');
}, 60_000);
afterAll(async () => {
  await gateway?.endAsync();
  await server?.close();
});

describe('fault reports from ingested measurements', () => {
  let m1: string;
  let report: FaultReport;

  it('one inner-race report with evidence from the measurement; none on the normal point', async () => {
    m1 = await measure(INNER, 'cwru_105_IR007_0HP', 0);
    const features = await server.ctx.db
      .selectFrom('measurement_features')
      .selectAll()
      .where('measurement_id', '=', m1)
      .executeTakeFirst();
    expect(features?.point_id).toBe(innerPoint);
    const machine = (await reportsOf(innerPoint)).filter((r) => r.detectionType === 'machine');
    expect(machine.map((r) => r.bearingComponent)).toEqual(['inner_race']);
    report = machine[0]!;
    expect(['bearing_failure', 'early_stage_bearing_failure']).toContain(report.fault);
    expect(report.status).toBe('open');
    expect(report.measurementId).toBe(m1);
    expect(report.evidence.length).toBeGreaterThan(0);
    expect(report.evidence.every((l) => l.measurementId === m1)).toBe(true);
    expect(report.evidence.some((l) => l.kind === 'BPFI')).toBe(true);
    expect(await badge(innerPoint)).toBe((await reportsOf(innerPoint)).filter((r) => !r.isAnswered).length);

    await measure(NORMAL, 'cwru_097_Normal_0HP', 0);
    expect((await reportsOf(normalPoint)).filter((r) => r.detectionType === 'machine')).toEqual([]);
  }, 120_000);

  it('a second measurement adds its evidence to the same report, no duplicate', async () => {
    const m2 = await measure(INNER, 'cwru_105_IR007_0HP', 30_000);
    const machine = (await reportsOf(innerPoint)).filter((r) => r.detectionType === 'machine');
    expect(machine).toHaveLength(1);
    const again = machine[0]!;
    expect(again.id).toBe(report.id);
    expect(again.measurementId).toBe(m2);
    expect(again.evidence[0]!.measurementId).toBe(m2);
    expect(again.evidence.some((l) => l.measurementId === m2 && l.kind === 'BPFI')).toBe(true);
    report = again;
  }, 120_000);

  it("the report's PDF (in the asked language) and its spectrum picture with the evidence marked", async () => {
    expect(report.image).toBe(`/api/fault-reports/${report.id}/spectrum.png`);
    const get = (p: string, t: string | null = token) => fetch(`${server.url}/api${p}`, { headers: t ? { token: t } : {} });
    const pdf = await get(`/fault-reports/${report.id}/pdf?language=ru`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^inline; filename="fault-report-.+-ru\.pdf"$/);
    const file = path.join(os.tmpdir(), `fault-report-${report.id}.pdf`);
    fs.writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    fs.rmSync(file);
    expect(text).toContain('Inner race fault');
    expect(text).toContain(faultName(report.fault, report.bearingComponent).ru);
    expect((await get(`/fault-reports/${report.id}/pdf?download=1`)).headers.get('content-disposition')).toMatch(/^attachment;/);

    const png = await get(`/fault-reports/${report.id}/spectrum.png`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await png.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1264, 520]);

    expect((await get(`/fault-reports/${report.id}/pdf`, null)).status).toBe(401);
    expect((await get(`/fault-reports/${report.id}/pdf?language=xx`)).status).toBe(400);
    expect((await get(`/fault-reports/${'0'.repeat(24)}/pdf`)).status).toBe(404);
  }, 120_000);

  it('"not confirmed" drops the badge once and suppresses the same pattern next time', async () => {
    const before = await badge(innerPoint);
    const put = await callApi(server.url, token, ENDPOINTS.evaluateFaultReport, {
      params: { id: report.id },
      body: { questions: [{ code: 'fault_confirmed', answer: 'no' }] },
    });
    expect(put.status).toBe(200);
    expect(await badge(innerPoint)).toBe(before - 1);
    const m3 = await measure(INNER, 'cwru_105_IR007_0HP', 60_000);
    const diagnosis = await server.ctx.db
      .selectFrom('measurement_diagnoses')
      .selectAll()
      .where('measurement_id', '=', m3)
      .executeTakeFirstOrThrow();
    expect(diagnosis.codes).not.toContain(report.code);
    const after = (await reportsOf(innerPoint)).find((r) => r.id === report.id)!;
    expect(after.measurementId).toBe(report.measurementId); // no evidence from m3
    expect(after.evidence.some((l) => l.measurementId === m3)).toBe(false);
    expect(await badge(innerPoint)).toBe(before - 1);
  }, 120_000);
});
