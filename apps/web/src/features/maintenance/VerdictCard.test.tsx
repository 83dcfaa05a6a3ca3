import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../core/i18n';
import { configureApiClient } from '../../core/api/apiClient';
import { mockApi } from '../../app/testing/mockApi';
import { locationOf, renderApp } from '../../app/testing/renderApp';
import { MaintenanceTab } from './MaintenanceTab';
import { changeText, maintenanceMarkers, monthTitle, signed, wallClockInstant, zoneLetter } from './maintenanceModel';
import { IMPROVED, loginWith, P, POINT, record } from './maintenanceTestKit';
import { pendingRefreshMs } from './maintenanceApi';
import { mainLinesFirst } from './VerdictCard';
import type { VerdictLine } from '@overtone/contract';

// the two cores are shared with other test runs: give the dialogs and queries time (not a code limit)
configure({ asyncUtilTimeout: 5000 });

const RECORDS = [
  record(1, { title: 'Bearing replaced', status: 'completed', completedAt: '2030-01-16T07:00:00.000Z', verdict: IMPROVED }),
  record(2, { title: 'Realigned', status: 'completed', maintenanceStartDate: '2030-01-10 10:00:00' }), // not judged yet
  record(3, {
    title: 'Belt replaced',
    status: 'completed',
    maintenanceStartDate: '2030-01-05 10:00:00',
    verdict: { ...IMPROVED, outcome: 'worse', lines: [{ ...IMPROVED.lines[0]!, before: 2, after: 3, change: 1, outcome: 'worse' }], closedFaultReports: [] },
  }),
  record(4, { title: 'Still on it', maintenanceStartDate: '2030-01-04 10:00:00' }),
]; // prettier-ignore

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-01-20T10:00:00.000Z'));
  await i18n.changeLanguage('en');
  configureApiClient({ notifyError: vi.fn(), redirectToLogin: vi.fn() });
  mockApi({ [`GET /point/${P}`]: [200, POINT], 'GET /maintenances': [200, RECORDS] });
  loginWith(['readMaintenance']);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const card = (n: number) => screen.getByTestId(`maintenance-record-${RECORDS[n - 1]!._id}`);

describe('the verdict on a maintenance record', () => {
  it('shows the outcome, the compared lines with units and changes, and the closed fault reports with their link', async () => {
    const { router } = renderApp(
      [
        { path: '/', element: <MaintenanceTab pointId={P} /> },
        { path: '/home', element: <div data-testid="home" /> },
      ],
      { initialEntry: `/?point=${P}&area=maintenance` },
    );
    await screen.findByTestId(`maintenance-record-${RECORDS[0]!._id}`);
    const v = within(card(1)).getByTestId('maintenance-verdict');
    expect(v.dataset.outcome).toBe('improved');
    const tag = within(v).getByTestId('maintenance-verdict-outcome');
    expect(tag.textContent).toBe('Improved');
    expect(tag.className).toMatch(/success|green/);
    expect(v.textContent).toContain('Decided 20-01-2030 12:00:00'); // 09:00 UTC on the customer's clock (GMT+3)
    expect(within(v).getByTestId('maintenance-verdict-counts').textContent).toBe('Measurements compared: 6 before, 4 after');
    expect(card(1).textContent).toContain('completed 16-01-2030 10:00:00');

    const rows = [...within(v).getByTestId('maintenance-verdict-lines').querySelectorAll<HTMLElement>('tr.ant-table-row')];
    const cells = rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(cells[0]).toEqual(['ISO 10816 zone', 'X axis', 'C', 'A', 'Zone −2', 'Improved']);
    // the deciding lines first: improved (zones, then the largest change), then unchanged
    // sensor y is the machine's Z axis on this point
    expect(cells[1]).toEqual(['Fault evidence · BPFO', 'Z axis', '0.0421 g', '0.00421 g', '−20.0 dB', 'Improved']);
    expect(cells[2]).toEqual(['Velocity RMS (ISO 10816)', 'X axis', '7.1 mm/s', '1.8 mm/s', '−11.9 dB', 'Improved']);
    expect(cells[3]).toEqual(['1× running speed', 'X axis', '2.5 mm/s', '2.45 mm/s', '−0.2 dB', 'Unchanged']);
    expect(cells[4]).toEqual(['BPFI (inner race)', 'Y axis', '–', '0.002 g', '–', '–']);

    const closed = within(v).getByTestId('maintenance-closed-reports');
    expect(closed.textContent).toContain('Fault reports closed by this repair: 2');
    const link = within(closed).getByTestId('maintenance-fault-reports-link');
    expect(link.getAttribute('href')).toBe(`/?point=${P}&area=faultReports`);
    fireEvent.click(link);
    await waitFor(() => expect(locationOf(router)).toBe(`/?point=${P}&area=faultReports`));
  });

  it('a completed record without a verdict awaits a measurement; a worse one is red; a continuing one has none', async () => {
    renderApp([{ path: '/', element: <MaintenanceTab pointId={P} /> }]);
    await screen.findByTestId(`maintenance-record-${RECORDS[1]!._id}`);
    const pending = within(card(2)).getByTestId('maintenance-verdict');
    expect(pending.dataset.outcome).toBe('pending');
    expect(within(pending).getByTestId('maintenance-verdict-outcome').textContent).toBe('Awaiting measurement');
    expect(pending.textContent).toContain('Awaiting a measurement after the work');
    expect(within(pending).queryByTestId('maintenance-verdict-lines')).toBeNull();

    const worse = within(card(3)).getByTestId('maintenance-verdict');
    expect(within(worse).getByTestId('maintenance-verdict-outcome').className).toMatch(/error|red/);
    expect(worse.textContent).toContain('Zone +1');
    expect(within(worse).queryByTestId('maintenance-closed-reports')).toBeNull();

    expect(within(card(4)).queryByTestId('maintenance-verdict')).toBeNull();
    expect(within(card(4)).getByTestId('maintenance-record-status').textContent).toBe('In progress');
  });
});

describe('maintenance model', () => {
  it('reads the start on the customer clock: GMT+3 08:30 is 05:30 UTC', () => {
    expect(wallClockInstant('2030-01-15 08:30:00', 180)).toBe(Date.UTC(2030, 0, 15, 5, 30));
    expect(wallClockInstant('2030-01-15 08:30:00', -270)).toBe(Date.UTC(2030, 0, 15, 13, 0));
    expect(wallClockInstant('15-01-2030 08:30', 180)).toBeNull();
  });

  it('colours a trend marker by the outcome, orange while the work continues', () => {
    const markers = maintenanceMarkers(RECORDS, 180);
    expect(markers.map((m) => [m.title, m.outcome, m.color])).toEqual([
      ['Bearing replaced', 'improved', '#52c41a'],
      ['Realigned', 'pending', '#8c8c8c'],
      ['Belt replaced', 'worse', '#f5222d'],
      ['Still on it', null, '#fa8c16'],
    ]);
    expect(markers[0]!.x).toBe(Date.UTC(2030, 0, 15, 5, 30) / 1000);
  });

  it('writes zones as letters and changes with a true minus sign', () => {
    expect([1, 2, 3, 4, 5].map(zoneLetter)).toEqual(['A', 'B', 'C', 'D', '5']);
    expect([signed(3.21), signed(-6), signed(0), signed(-0.01)]).toEqual(['+3.2', '−6.0', '0.0', '0.0']);
    expect(changeText({ quantity: 'ISO10816_ZONE', change: -1 })).toEqual({ kind: 'zone', steps: '−1' });
    expect(changeText({ quantity: 'BPFO', change: 6.02 })).toEqual({ kind: 'db', db: '+6.0' });
    expect(changeText({ quantity: 'BPFO', change: null })).toBeNull();
    expect(monthTitle('2030-01', 'en')).toBe('January 2030');
    expect(monthTitle('2030-11', 'tr')).toBe('Kasım 2030');
  });
});

describe('pendingRefreshMs', () => {
  it('reads the records again every 10 s while a verdict waits for measurements, and not otherwise', () => {
    const pending = { ...IMPROVED, outcome: 'pending' as const, decidedAt: null };
    expect(pendingRefreshMs([record(1), record(2, { status: 'completed', verdict: pending })])).toBe(10_000);
    expect(pendingRefreshMs([record(1), record(2, { status: 'completed', verdict: IMPROVED })])).toBe(false);
    expect(pendingRefreshMs(undefined)).toBe(false);
  });
});

describe('mainLinesFirst', () => {
  it('puts the lines that decide the verdict first: worse, improved (zones, then the largest change), unchanged, not compared', () => {
    const line = (quantity: VerdictLine['quantity'], outcome: VerdictLine['outcome'], change: number | null) =>
      ({ quantity, axis: 'x', kind: null, faultReportId: null, unit: '', before: 1, after: 1, change, outcome }) as VerdictLine;
    const sorted = mainLinesFirst([
      line('1X', 'unchanged', 0.5),
      line('BPFO', 'improved', -20),
      line('BPFI', null, null),
      line('VRMS_ISO10816', 'improved', -40),
      line('ISO10816_ZONE', 'improved', -1),
      line('2X', 'worse', 7),
    ]);
    expect(sorted.map((l) => l.quantity)).toEqual(['2X', 'ISO10816_ZONE', 'VRMS_ISO10816', 'BPFO', '1X', 'BPFI']);
  });
});
