import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, PERMISSIONS, customerPreferences, REPORT_LANGUAGES } from '@overtone/contract';
import { kinematicsInputsOf, writeReports } from '../src/modules/fault-reports/diagnosis-repo.ts';
import type { ReportState } from '../src/modules/fault-reports/lifecycle.ts';
import { startTwoTenants, loginOn, caller, type Call } from './admin-client.ts';
import { insertPoint } from './support/points.ts';
import { newId } from '../src/infra/ids.ts';
import { insertUser } from './support/users.ts';
import { failureOf } from './support/endpoint-client.ts';

/**
 * The fault-report calls (spec 001 §6, §7; docs/fault-reports.md) against the real server and
 * database: reports written as the diagnosis writes them (repo.ts writeReports), read, counted and
 * evaluated through the API, with permissions and tenant isolation. The diagnosis that writes them
 * from real measurements: fault-reports-ingest.test.ts.
 */
let server: Awaited<ReturnType<typeof startTwoTenants>>['server'];
let call: Call;
let other: Call;
let demoId: string;
let p1: string;
let p2: string;
let ir: string;
let ub: string;
let p2Report: string;

const H = 3_600_000;
const M1 = newId();
const t0 = Date.parse('2026-03-01T00:00:00Z');

const report = (over: Partial<ReportState> & Pick<ReportState, 'id' | 'pointId'>): ReportState => ({
  code: 'bearing_failure:inner_race',
  fault: 'bearing_failure',
  bearingComponent: 'inner_race',
  detectionType: 'machine',
  severity: 'hazard',
  severityHistory: [{ severity: 'hazard', at: new Date(t0).toISOString(), measurementId: M1 }],
  status: 'open',
  closedAt: null,
  closedReason: null,
  confidence: 0.8,
  maxScore: 3.5,
  rule: 'bearing.envelope',
  evidence: [
    {
      kind: 'BPFI',
      label: null,
      frequencyHz: 162.2,
      order: 5.415,
      amplitude: 0.05,
      unit: 'g',
      axis: 'x',
      domain: 'envelope',
      baselineAmplitude: null,
      measurementId: M1,
    },
  ],
  measurementId: M1,
  lastSeenAt: new Date(t0),
  createdAt: new Date(t0),
  ...over,
});

const tree = async () => (await call.endpoint(ENDPOINTS.getTree)).body;
const badge = async (point: string) => (await tree()).find((n) => n._id === point)?.unansweredEvaluationsCount;
const counts = async () =>
  Object.fromEntries(
    (await call.endpoint(ENDPOINTS.countUnansweredEvaluations)).body.data.detectionReports.map((r) => [r.point, r.count]),
  );

beforeAll(async () => {
  ({ server, call, other, demoId } = await startTwoTenants());
  const parent = await server.ctx.db
    .selectFrom('tree_nodes')
    .select('parent_id')
    .where('customer_id', '=', demoId)
    .where('node_type', '=', 'point')
    .executeTakeFirstOrThrow();
  p1 = await insertPoint(server, demoId, { parentId: parent.parent_id, name: 'FR pump DE' });
  p2 = await insertPoint(server, demoId, { parentId: parent.parent_id, name: 'FR pump NDE' });
  ir = newId();
  ub = newId();
  p2Report = newId();
  await writeReports(
    server.ctx.db,
    demoId,
    [
      report({ id: ir, pointId: p1 }),
      report({
        id: ub,
        pointId: p1,
        code: 'unbalance',
        fault: 'unbalance',
        bearingComponent: null,
        severity: 'attention',
        maxScore: 2,
        createdAt: new Date(t0 + H),
        status: 'closed',
        closedAt: new Date(t0 + 40 * H),
        closedReason: 'healthy',
      }),
      report({ id: p2Report, pointId: p2, severity: 'critical' }),
    ],
    [],
  );
});
afterAll(async () => server?.close());

describe('GET /point/{id}/fault-reports and /fault-reports/{id}', () => {
  it('lists the point’s reports newest first with the spec fields, texts in the request language', async () => {
    const res = await call.endpoint(ENDPOINTS.listPointFaultReports, { params: { id: p1 } });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(2);
    const [first, second] = res.body.data.detectionReports;
    expect([first!.id, second!.id]).toEqual([ub, ir]);
    expect(second).toMatchObject({
      id: ir,
      isAnswered: false,
      point: p1,
      pointName: 'FR pump DE',
      detectionType: 'machine',
      fault: 'bearing_failure',
      code: 'bearing_failure:inner_race',
      bearingComponent: 'inner_race',
      severity: 'hazard',
      status: 'open',
      timeToStopMonths: 2,
      image: `/api/fault-reports/${ir}/spectrum.png`, // its evidence has lines to draw
      evaluation: null,
      measurementId: M1,
    });
    expect(second!.pointPath.endsWith(' / FR pump DE')).toBe(true);
    expect(Object.keys(second!.name).sort()).toEqual([...REPORT_LANGUAGES].sort());
    expect(second!.questions.find((q) => q.code === 'fault_confirmed')).toMatchObject({ isMandatory: true, answer: null });
    expect(second!.evidence[0]).toMatchObject({ kind: 'BPFI', measurementId: M1 });
    expect(first).toMatchObject({ status: 'closed', closedReason: 'healthy', timeToStopMonths: 3 });

    const de = await call.endpoint(ENDPOINTS.listPointFaultReports, { params: { id: p1 }, language: 'de' });
    expect(de.body.data.detectionReports[1]!.name).toEqual(second!.name);
    expect(de.body.data.detectionReports[1]!.description).not.toBe(second!.description);

    const paged = await call.endpoint(ENDPOINTS.listPointFaultReports, {
      params: { id: p1 },
      query: { pageSize: 1, pageNumber: 2 },
    });
    expect(paged.body.data).toMatchObject({ total: 2 });
    expect(paged.body.data.detectionReports.map((r) => r.id)).toEqual([ir]);
    const open = await call.endpoint(ENDPOINTS.listPointFaultReports, { params: { id: p1 }, query: { status: 'open' } });
    expect(open.body.data.detectionReports.map((r) => r.id)).toEqual([ir]);
    expect((await call('GET', `/point/${p1}/fault-reports?pageSize=0`)).status).toBe(400);
  });

  it('answers one report', async () => {
    const res = await call.endpoint(ENDPOINTS.getFaultReport, { params: { id: ir } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ir, code: 'bearing_failure:inner_race' });
    expect((await call.endpoint(ENDPOINTS.getFaultReport, { params: { id: newId() } })).status).toBe(404);
  });

  it('answers another customer’s report or point 404 exactly like a missing one', async () => {
    const missing = await call.endpoint(ENDPOINTS.getFaultReport, { params: { id: newId() } });
    const foreign = await other.endpoint(ENDPOINTS.getFaultReport, { params: { id: ir } });
    expect(foreign).toEqual(missing);
    expect(foreign.body).toMatchObject({ code: 'FAULT_REPORT_NOT_FOUND' });
    expect((await other.endpoint(ENDPOINTS.listPointFaultReports, { params: { id: p1 } })).body).toEqual(
      (await other.endpoint(ENDPOINTS.listPointFaultReports, { params: { id: 'no-such-point' } })).body,
    );
    expect((await other.endpoint(ENDPOINTS.listPointFaultReports, { params: { id: p1 } })).status).toBe(404);
    expect((await other.endpoint(ENDPOINTS.getPointFaultReportConfirmations, { params: { id: p1 } })).status).toBe(404);
    expect(
      (
        await other.endpoint(ENDPOINTS.evaluateFaultReport, {
          params: { id: ir },
          body: { questions: [{ code: 'fault_confirmed', answer: 'no' }] },
        })
      ).status,
    ).toBe(404);
    expect((await other.endpoint(ENDPOINTS.countUnansweredEvaluations)).body.data).toEqual({
      detectionReports: [],
    });
    expect(await counts()).toMatchObject({ [p1]: 2 }); // the foreign PUT changed nothing
  });
});

describe('permissions', () => {
  it('needs readFaultReport to read and updateFaultReport to evaluate', async () => {
    const without = (...drop: string[]) => PERMISSIONS.filter((p) => !drop.includes(p));
    const noRead = await insertUser(server, {
      email: 'fr-noread@demo.local',
      password: 'Fault-Read-1',
      permissions: without('readFaultReport'),
    });
    const noUpdate = await insertUser(server, {
      email: 'fr-noupdate@demo.local',
      password: 'Fault-Update-1',
      permissions: without('updateFaultReport'),
    });
    expect(noRead.userId).toBeTruthy();
    const reader = caller(server, await loginOn(server, 'fr-noupdate@demo.local', 'Fault-Update-1'));
    const blind = caller(server, await loginOn(server, 'fr-noread@demo.local', 'Fault-Read-1'));
    for (const path of [
      `/point/${p1}/fault-reports`,
      `/fault-reports/${ir}`,
      '/fault-reports/unanswered-evaluations-count',
      `/point/${p1}/fault-reports/confirmations`,
    ]) {
      expect((await blind('GET', path)).status, path).toBe(403);
      expect((await reader('GET', path)).status, path).toBe(200);
    }
    const body = { questions: [{ code: 'fault_confirmed', answer: 'yes' }] };
    expect((await reader.endpoint(ENDPOINTS.evaluateFaultReport, { params: { id: ir }, body })).status).toBe(403);
    expect(noUpdate.userId).toBeTruthy();
    expect(await counts()).toMatchObject({ [p1]: 2 });
  });
});

describe('PUT /fault-reports/{id}/evaluation', () => {
  it('refuses a missing mandatory answer, a bad yes/no and an unknown question with 400 errors:[{msg}]', async () => {
    const put = (questions: { code: string; answer: string }[]) =>
      call.endpoint(ENDPOINTS.evaluateFaultReport, { params: { id: ir }, body: { questions } });
    const missing = await put([{ code: 'comments', answer: 'looked fine' }]);
    expect(missing.status).toBe(400);
    expect(failureOf(missing).errors).toEqual([{ msg: 'Please answer this question', param: 'questions.fault_confirmed' }]);
    const bad = await put([{ code: 'fault_confirmed', answer: 'maybe' }]);
    expect(bad.status).toBe(400);
    expect(failureOf(bad).errors![0]).toEqual({
      msg: 'This answer is not valid for this question',
      param: 'questions.fault_confirmed',
    });
    expect(
      (
        await put([
          { code: 'fault_confirmed', answer: 'yes' },
          { code: 'no_such_question', answer: 'yes' },
        ])
      ).status,
    ).toBe(400);
    expect(
      (
        await call('PUT', `/fault-reports/${ir}/evaluation`, {
          questions: [
            { code: 'fault_confirmed', answer: 'yes' },
            { code: 'comments', answer: 'x'.repeat(2001) },
          ],
        })
      ).status,
    ).toBe(400);
    expect((await call('PUT', `/fault-reports/${ir}/evaluation`, { questions: [] })).status).toBe(400);
    expect((await call('PUT', `/fault-reports/${ir}/evaluation`, {})).status).toBe(400);
    expect(await counts()).toMatchObject({ [p1]: 2 });
  });

  it('sets isAnswered, drops the unanswered count and the tree badge once, and learns a false positive', async () => {
    expect(await counts()).toEqual({ [p1]: 2, [p2]: 1 });
    expect(await badge(p1)).toBe(2);
    expect(await badge(p2)).toBe(1);

    const no = await call.endpoint(ENDPOINTS.evaluateFaultReport, {
      params: { id: ir },
      body: {
        questions: [
          { code: 'fault_confirmed', answer: 'no' },
          { code: 'comments', answer: 'Bearing inspected: no damage' },
        ],
      },
    });
    expect(no.status).toBe(200);
    expect(no.body.isAnswered).toBe(true);
    expect(no.body.evaluation).toMatchObject({ answeredBy: 'Demo Admin', confirmed: false });
    expect(no.body.questions.find((q) => q.code === 'comments')!.answer).toBe('Bearing inspected: no damage');
    expect(await counts()).toEqual({ [p1]: 1, [p2]: 1 });
    expect(await badge(p1)).toBe(1);
    const fp = await server.ctx.db.selectFrom('fault_false_positives').selectAll().where('point_id', '=', p1).execute();
    expect(fp).toMatchObject([{ report_id: ir, fault: 'bearing_failure', bearing_component: 'inner_race', score: 3.5 }]);

    // answered again: the count does not drop a second time; "yes" keeps it as a label, not a false positive
    const yes = await call.endpoint(ENDPOINTS.evaluateFaultReport, {
      params: { id: ir },
      body: { questions: [{ code: 'fault_confirmed', answer: 'yes' }] },
    });
    expect(yes.body.evaluation).toMatchObject({ confirmed: true });
    expect(await counts()).toEqual({ [p1]: 1, [p2]: 1 });
    expect(await badge(p1)).toBe(1);
    expect(await server.ctx.db.selectFrom('fault_false_positives').selectAll().where('point_id', '=', p1).execute()).toEqual([]);

    // the closed report counts too until it is answered
    expect(
      (
        await call.endpoint(ENDPOINTS.evaluateFaultReport, {
          params: { id: ub },
          body: { questions: [{ code: 'fault_confirmed', answer: 'no' }] },
        })
      ).status,
    ).toBe(200);
    expect(await counts()).toEqual({ [p2]: 1 });
    expect(await badge(p1)).toBe(0);
  });

  it('counts confirmations per fault, per point and per customer', async () => {
    const res = await call.endpoint(ENDPOINTS.getPointFaultReportConfirmations, { params: { id: p1 } });
    expect(res.status).toBe(200);
    expect(res.body.data.point).toEqual([
      { fault: 'bearing_failure', total: 1, confirmed: 1, notConfirmed: 0, unanswered: 0 },
      { fault: 'unbalance', total: 1, confirmed: 0, notConfirmed: 1, unanswered: 0 },
    ]);
    expect(res.body.data.customer.find((s) => s.fault === 'bearing_failure')).toMatchObject({
      total: 2,
      confirmed: 1,
      unanswered: 1,
    });
  });
});

describe('the mainsFrequencyHz preference', () => {
  it('is 50 by default, takes 50 or 60, refuses anything else, and feeds the kinematics', async () => {
    expect((await kinematicsInputsOf(server.ctx.db, p1)).mainsHz).toBe(50); // new customers get the default
    const row = await server.ctx.db
      .selectFrom('customers')
      .select('preferences')
      .where('id', '=', demoId)
      .executeTakeFirstOrThrow();
    const { logo: _, ...body } = customerPreferences.parse(row.preferences);
    expect(body.mainsFrequencyHz).toBe(50);
    const bad = await call<{ errors: { msg: string; param?: string }[] }>('PUT', '/preferences', {
      ...body,
      mainsFrequencyHz: 55,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]!.param).toBe('mainsFrequencyHz');
    const ok = await call.endpoint(ENDPOINTS.updatePreferences, { body: { ...body, mainsFrequencyHz: 60 } });
    expect(ok.status).toBe(200);
    expect(ok.body.preferences.mainsFrequencyHz).toBe(60);
    expect((await kinematicsInputsOf(server.ctx.db, p1)).mainsHz).toBe(60);
  });
});
