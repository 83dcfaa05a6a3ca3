import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../core/i18n';
import { configureApiClient } from '../../core/api/apiClient';
import { mockApi, type ApiCall } from '../../app/testing/mockApi';
import { locationOf, renderApp } from '../../app/testing/renderApp';
import { PointTab } from '../point-detail/PointTab';
import { FaultReportsTab } from './FaultReportsTab';
import { loginWith, M, P, POINT, report, reportsAnswer } from './faultReportsTestKit';

let calls: ApiCall[];
const notifyError = vi.fn();

const CONFIRMATIONS = {
  data: {
    point: [{ fault: 'bearing_failure', total: 4, confirmed: 2, notConfirmed: 1, unanswered: 1 }],
    customer: [
      { fault: 'bearing_failure', total: 10, confirmed: 6, notConfirmed: 2, unanswered: 2 },
      { fault: 'unbalance', total: 3, confirmed: 0, notConfirmed: 0, unanswered: 3 },
    ],
  },
};
const REPORTS = [
  report(1),
  report(2, {
    isAnswered: true,
    severity: 'critical',
    status: 'closed',
    closedAt: '2030-01-09T00:00:00.000Z',
    closedReason: 'maintenance',
    fault: 'unbalance',
    code: 'unbalance',
    name: { tr: 'Dengesizlik', en: 'Unbalance', de: 'Unwucht', ru: 'Дисбаланс', zh: '不平衡', zhTw: '不平衡（繁）' },
    bearingComponent: null,
  }),
];

const routes = (list = REPORTS) => ({
  [`GET /point/${P}`]: [200, POINT] as [number, unknown],
  [`GET /point/${P}/fault-reports`]: [200, reportsAnswer(list)] as [number, unknown],
  [`GET /point/${P}/fault-reports/confirmations`]: [200, CONFIRMATIONS] as [number, unknown],
  'GET /fault-reports/unanswered-evaluations-count': [
    200,
    {
      data: {
        detectionReports: [
          { point: P, count: 2 },
          { point: 'f'.repeat(24), count: 5 },
        ],
      },
    },
  ] as [number, unknown],
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  notifyError.mockReset();
  configureApiClient({ notifyError, redirectToLogin: vi.fn() });
  calls = mockApi(routes());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const show = () =>
  renderApp([
    { path: '/', element: <FaultReportsTab pointId={P} /> },
    { path: '/measurement/:id', element: <div data-testid="measurement-page" /> },
  ]);
/** The rows of the report list (the confirmation statistics above are a table too). */
const rows = () =>
  [...document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row')].filter((r) =>
    r.querySelector('[data-testid="report-name"]'),
  );
const listCalls = () => calls.filter((c) => c.path === `/point/${P}/fault-reports`);

describe('FaultReportsTab', () => {
  it('lists the reports newest first with severity colour, fault, component, confidence, time to stop, dates and status', async () => {
    loginWith(['readFaultReport', 'updateFaultReport']);
    show();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(Object.fromEntries(listCalls()[0].query)).toEqual({ pageSize: '10', pageNumber: '1', status: 'all' });
    const [open, closed] = rows();
    const tag = within(open).getByTestId('severity-tag');
    expect(tag.textContent).toBe('Hazard');
    expect(tag.getAttribute('style') ?? '').toMatch(/fa8c16|250, 140, 22/i); // orange
    expect(within(closed).getByTestId('severity-tag').getAttribute('style') ?? '').toMatch(/f5222d|245, 34, 45/i); // red
    expect(within(open).getByTestId('report-name').textContent).toBe('Bearing failure (outer race)');
    expect(open.textContent).toContain('Outer race');
    expect(open.textContent).toContain('87 %');
    expect(open.textContent).toContain('Within two months');
    expect(open.textContent).toContain('02-01-2030 06:04:05'); // created, 03:04:05 UTC in GMT+3
    expect(open.textContent).toContain('05-01-2030 06:04:05'); // updated
    expect(within(open).getByTestId('report-status').getAttribute('data-status')).toBe('open');
    expect(within(closed).getByTestId('report-status').textContent).toBe('Closed');
    expect(within(closed).getByTestId('report-name').textContent).toBe('Unbalance');
  });

  it("shows the 'new' badge on Evaluate only while a report is unanswered", async () => {
    loginWith(['readFaultReport', 'updateFaultReport']);
    show();
    await waitFor(() => expect(screen.getAllByTestId('report-evaluate')).toHaveLength(2));
    const [open, closed] = rows();
    expect(within(open).getByTestId('evaluate-badge').querySelector('.ant-badge-count')?.textContent).toBe('new');
    expect(within(closed).getByTestId('evaluate-badge').querySelector('.ant-badge-count')).toBeNull();
  });

  it('without updateFaultReport offers no Evaluate on unanswered reports, only the answers of evaluated ones', async () => {
    loginWith(['readFaultReport']);
    show();
    await waitFor(() => expect(screen.getAllByTestId('report-pdf')).toHaveLength(2));
    const [open, closed] = rows();
    expect(within(open).queryByTestId('report-evaluate')).toBeNull();
    expect(within(closed).getByTestId('report-evaluate').textContent).toBe('Answers');
  });

  it('expands a report: texts, ordered suggestions, severity history and the evidence linked to the chart', async () => {
    loginWith(['readFaultReport']);
    const { router } = show();
    await waitFor(() => expect(screen.getAllByTestId('report-pdf')).toHaveLength(2));
    const expand = rows()[0].querySelector('button.ant-table-row-expand-icon') as HTMLButtonElement;
    fireEvent.click(expand);
    const details = await screen.findByTestId('fault-report-details');
    expect(details.textContent).toContain('Outer-race defect lines in the envelope spectrum.');
    expect(details.textContent).toContain('BPFO and its harmonics above the baseline.');
    expect(details.textContent).toContain('Fatigue spall on the outer race.');
    expect([...within(details).getByTestId('report-suggestions').querySelectorAll('li')].map((l) => l.textContent)).toEqual([
      'Plan the bearing replacement.',
      'Check the lubrication.',
    ]);
    expect(
      within(within(details).getByTestId('severity-history'))
        .getAllByTestId('severity-tag')
        .map((t) => t.textContent),
    ).toEqual(['Attention', 'Hazard']);

    const lines = [...within(details).getByTestId('evidence-table').querySelectorAll('tr.ant-table-row')] as HTMLElement[];
    expect(lines).toHaveLength(2);
    expect(lines[0].textContent).toContain('BPFO');
    expect(lines[0].textContent).toContain('107.36');
    expect(lines[0].textContent).toContain('3.58×');
    expect(lines[0].textContent).toContain('0.0421 g');
    expect(lines[0].textContent).toContain('Z axis'); // sensor y is the machine's Z axis on this point
    expect(lines[0].textContent).toContain('Envelope spectrum');
    expect(lines[0].textContent).toContain('0.0042 g');
    expect(lines[0].textContent).toContain('+20.0 dB');
    expect(lines[1].textContent).toContain('TIME · kurtosis');
    expect(lines[1].textContent).toContain('No baseline');
    const links = within(details).getAllByTestId('evidence-link');
    expect(links[1].getAttribute('href')).toBe(`/measurement/${M}?domain=time&axis=x`);
    fireEvent.click(links[0]);
    await screen.findByTestId('measurement-page');
    expect(locationOf(router)).toBe(`/measurement/${M}?domain=envelope&axis=y&markHz=107.36`);
  });

  it('shows how often each fault was confirmed on the point and on the customer', async () => {
    loginWith(['readFaultReport']);
    show();
    const stats = await screen.findByTestId('confirmation-stats');
    const statRows = [...stats.querySelectorAll('tr.ant-table-row')] as HTMLElement[];
    expect(statRows.map((r) => r.querySelector('td')?.textContent)).toEqual(['Bearing failure', 'Unbalance']);
    expect(within(statRows[0]).getByTestId('confirmations-point').textContent).toBe('2 / 3 (67 %)');
    expect(within(statRows[0]).getByTestId('confirmations-customer').textContent).toBe('6 / 8 (75 %)');
    expect(statRows[1].textContent).toContain('–'); // never on this point
    expect(within(statRows[1]).getByTestId('confirmations-customer').textContent).toBe('0 / 0');
  });

  it('the status filter asks for open or closed reports from page 1', async () => {
    loginWith(['readFaultReport']);
    show();
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    fireEvent.click(within(screen.getByTestId('reports-status-filter')).getByText('Open'));
    await waitFor(() => expect(listCalls().at(-1)!.query.get('status')).toBe('open'));
    expect(listCalls().at(-1)!.query.get('pageNumber')).toBe('1');
  });

  it('shows the empty state, and a load failure with the server message as a toast', async () => {
    loginWith(['readFaultReport']);
    calls = mockApi({
      ...routes([]),
      [`GET /point/${P}/fault-reports/confirmations`]: [200, { data: { point: [], customer: [] } }],
    });
    show();
    expect(await screen.findByText('No fault reports for this point')).toBeTruthy();
    expect(screen.queryByTestId('confirmation-stats')).toBeNull();
    cleanup();
    calls = mockApi({
      ...routes(),
      [`GET /point/${P}/fault-reports`]: [404, { message: 'Point not found here', code: 'X_UNKNOWN' }],
    });
    show();
    expect(await screen.findByText('The fault reports could not be loaded')).toBeTruthy();
    expect(notifyError).toHaveBeenCalledWith('Point not found here');
  });

  it('names the faults in the interface language (zh-tw → zhTw)', async () => {
    await i18n.changeLanguage('zh-tw');
    loginWith(['readFaultReport']);
    show();
    await waitFor(() => expect(screen.getAllByTestId('report-name')).toHaveLength(2));
    expect(screen.getAllByTestId('report-name').map((e) => e.textContent)).toEqual([
      'Bearing failure (outer race) (zh-tw)',
      '不平衡（繁）',
    ]);
    expect(screen.getAllByTestId('severity-tag')[0].textContent).toBe('危險');
  });

  it('fetches nothing without readFaultReport', async () => {
    loginWith(['readMeasurement']);
    show();
    expect(await screen.findByTestId('fault-reports-no-permission')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.path.includes('fault-reports'))).toHaveLength(0);
  });
});

describe("the point's vibration analyze reports tab", () => {
  it("carries the badge of the point's unanswered evaluations and opens the list", async () => {
    loginWith(['readFaultReport', 'readPoint']);
    renderApp([{ path: '/', element: <PointTab pointId={P} /> }], { initialEntry: '/?area=faultReports' });
    const label = await screen.findByTestId('point-area-faultReports');
    expect(label.textContent).toContain('Vibration analyze reports');
    await waitFor(() => expect(within(label).getByTestId('fault-reports-badge').textContent).toBe('2'));
    expect(await screen.findByTestId('fault-reports-tab')).toBeTruthy();
  });

  it('is not offered without readFaultReport (and the count is not asked)', async () => {
    loginWith(['readPoint']);
    calls = mockApi({
      ...routes(),
      [`GET /point/${P}/config`]: [200, { device: null, profile: null, channelGroups: [] }],
      [`GET /point/${P}/periodic`]: [200, { sleepAmount: null, schedulerJob: null }],
      [`GET /point/${P}/trigger`]: [200, { triggers: [] }],
    });
    renderApp([{ path: '/', element: <PointTab pointId={P} /> }], { initialEntry: '/?area=faultReports' });
    await screen.findByTestId('point-area-configuration');
    expect(screen.queryByTestId('point-area-faultReports')).toBeNull();
    expect(calls.filter((c) => c.path.includes('fault-reports'))).toHaveLength(0);
  });
});
