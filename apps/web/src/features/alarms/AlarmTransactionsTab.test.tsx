import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../core/i18n';
import { mockApi, type ApiCall } from '../../app/testing/mockApi';
import { locationOf, renderApp } from '../../app/testing/renderApp';
import { ALARM_PERMISSIONS, P, POINT, loginWith, transaction } from './alarmsTestKit';
import { AlarmTransactionsTab } from './AlarmTransactionsTab';

let calls: ApiCall[];
const TOTAL = 23;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  calls = mockApi({
    [`GET /point/${P}`]: [200, POINT],
    'GET /alarm-transactions': (c) => {
      const pageSize = Number(c.query.get('pageSize'));
      const pageNumber = Number(c.query.get('pageNumber'));
      const level = c.query.get('levelName');
      const all = Array.from({ length: TOTAL }, (_, i) =>
        transaction(i, { level: i % 2 ? { name: 'healthy', order: 0 } : { name: 'critical', order: 3 }, measurementId: i === 0 ? null : `${i}`.padStart(24, 'd') }),
      ).filter((t) => !level || t.level.name === level); // prettier-ignore
      return [
        200,
        { total: all.length, pageNumber, pageSize, transactions: all.slice((pageNumber - 1) * pageSize, pageNumber * pageSize) },
      ];
    },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const show = () =>
  renderApp([
    { path: '/', element: <AlarmTransactionsTab pointId={P} /> },
    { path: '/measurement/:id', element: <div data-testid="measurement-page" /> },
  ]);
const txCalls = () => calls.filter((c) => c.path === '/alarm-transactions');
const rows = () => document.querySelectorAll('.ant-table-tbody tr.ant-table-row');

describe('AlarmTransactionsTab', () => {
  it("asks the point's first page of 10, shows date in the customer's zone, level tags in the alarm colours and the source by axis mapping", async () => {
    loginWith(ALARM_PERMISSIONS);
    show();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const q = txCalls()[0].query;
    expect(Object.fromEntries(q)).toEqual({ pageNumber: '1', pageSize: '10', points: P });
    const first = rows()[0] as HTMLElement;
    expect(first.textContent).toContain('02-01-2030 06:04:05'); // 03:04:05 UTC in GMT+3
    expect(first.textContent).toContain('X axis (sensor Z)');
    expect(first.textContent).toContain('1.2346');
    const tag = within(first).getByTestId('level-tag');
    expect(tag.textContent).toBe('Critical');
    expect(tag.getAttribute('style') ?? '').toMatch(/f5222d|245, 34, 45/i);
    expect(within(rows()[1] as HTMLElement).getByTestId('level-tag').textContent).toBe('Normal');
  });

  it('the level filter sends levelName and goes back to page 1; "All" shows every level again', async () => {
    loginWith(ALARM_PERMISSIONS);
    show();
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(txCalls().at(-1)!.query.get('pageNumber')).toBe('2'));
    fireEvent.click(within(screen.getByTestId('transactions-level-filter')).getByText('Critical'));
    await waitFor(() => expect(txCalls().at(-1)!.query.get('levelName')).toBe('critical'));
    expect(txCalls().at(-1)!.query.get('pageNumber')).toBe('1');
    await waitFor(() => expect([...rows()].every((r) => r.textContent!.includes('Critical'))).toBe(true));
    fireEvent.click(within(screen.getByTestId('transactions-level-filter')).getByText('Normal'));
    await waitFor(() => expect(txCalls().at(-1)!.query.get('levelName')).toBe('healthy'));
    fireEvent.click(within(screen.getByTestId('transactions-level-filter')).getByText('All'));
    // Page 1 of all was loaded at first (and is still fresh in the cache): both levels again.
    await waitFor(() =>
      expect(new Set([...rows()].map((r) => within(r as HTMLElement).getByTestId('level-tag').textContent))).toEqual(
        new Set(['Critical', 'Normal']),
      ),
    );
    expect(txCalls().filter((c) => !c.query.has('levelName')).length).toBeGreaterThan(0);
  });

  it('offers the page sizes 10, 25, 50, 75', async () => {
    loginWith(ALARM_PERMISSIONS);
    show();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const changer = document.querySelector('.ant-pagination-options .ant-select') as HTMLElement;
    fireEvent.mouseDown(changer.querySelector('input') ?? changer);
    const options = await screen.findAllByText(/\/ page/, { selector: '.ant-select-item-option-content' });
    expect(options.map((o) => o.textContent)).toEqual(['10 / page', '25 / page', '50 / page', '75 / page']);
    fireEvent.click(options[1]);
    await waitFor(() => expect(txCalls().at(-1)!.query.get('pageSize')).toBe('25'));
    await waitFor(() => expect(rows()).toHaveLength(TOTAL));
  });

  it('links the measurement to /measurement/:id', async () => {
    loginWith(ALARM_PERMISSIONS);
    const { router } = show();
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(within(rows()[0] as HTMLElement).queryByTestId('transaction-measurement')).toBeNull(); // no measurement
    fireEvent.click(within(rows()[1] as HTMLElement).getByTestId('transaction-measurement'));
    await screen.findByTestId('measurement-page');
    expect(locationOf(router)).toBe(`/measurement/${'1'.padStart(24, 'd')}`);
  });

  it('fetches nothing without readAlarm', async () => {
    loginWith(['readMeasurement']);
    show();
    expect(await screen.findByTestId('transactions-no-permission')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(txCalls()).toHaveLength(0);
  });

  it('shows the empty state and the load failure', async () => {
    loginWith(ALARM_PERMISSIONS);
    calls = mockApi({ 'GET /alarm-transactions': [200, { total: 0, pageNumber: 1, pageSize: 10, transactions: [] }] });
    show();
    expect(await screen.findByText('No alarm transactions')).toBeTruthy();
    cleanup();
    calls = mockApi({ 'GET /alarm-transactions': [500, { message: 'boom', code: 'INTERNAL' }] });
    show();
    expect(await screen.findByText('The alarm transactions could not be loaded')).toBeTruthy();
  });
});
