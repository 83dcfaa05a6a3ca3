import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../core/i18n';
import { configureApiClient } from '../../core/api/apiClient';
import { mockApi, type ApiCall, type MockAnswer } from '../../app/testing/mockApi';
import { renderApp } from '../../app/testing/renderApp';
import { PointTab } from '../point-detail/PointTab';
import { MaintenanceTab } from './MaintenanceTab';
import { loginWith, P, POINT, record } from './maintenanceTestKit';

// the two cores are shared with other test runs: give the dialogs and queries time (not a code limit)
configure({ asyncUtilTimeout: 5000 });

let calls: ApiCall[];
const notifyError = vi.fn();
const ALL = ['readMaintenance', 'createMaintenance', 'updateMaintenance'] as const;

const RECORDS = [
  record(1, { title: 'Bearing replaced', status: 'completed', maintenanceStartDate: '2030-01-15 08:30:00' }),
  record(2, { title: 'Alignment check', status: 'continues', maintenanceStartDate: '2030-01-15 14:00:00' }),
  record(3, { title: 'Belt tension', status: 'continues', maintenanceStartDate: '2030-01-03 09:00:00' }),
  record(4, { title: 'Old lubrication', status: 'completed', maintenanceStartDate: '2029-12-20 10:00:00' }),
];

function mock(list = RECORDS, extra: Record<string, MockAnswer | ((c: ApiCall) => MockAnswer)> = {}) {
  calls = mockApi({
    [`GET /point/${P}`]: [200, POINT],
    'GET /maintenances': [200, list],
    'POST /maintenances': [200, { _id: 'e'.repeat(24) }],
    'PUT /maintenances/*': (c) => [200, { ...RECORDS[0], ...(c.body as object) }],
    ...extra,
  });
}

const listCalls = () => calls.filter((c) => c.method === 'GET' && c.path === '/maintenances');
const show = () =>
  renderApp([
    { path: '/', element: <MaintenanceTab pointId={P} /> },
    { path: '/point', element: <div data-testid="elsewhere" /> },
  ]);
/** The record cards of the list beside the calendar, in their order. */
const cards = () => [
  ...screen
    .getByTestId('maintenance-list')
    .querySelectorAll<HTMLElement>('[data-testid^="maintenance-record-"][class*="ant-card"]'),
];
const titles = () => cards().map((c) => within(c).getByTestId('maintenance-record-title').textContent);

beforeEach(async () => {
  // "now" is 2030-01-15 10:04:05 UTC, 13:04:05 on the customer's clock (GMT+3); only Date is faked
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-01-15T10:04:05.000Z'));
  await i18n.changeLanguage('en');
  notifyError.mockReset();
  configureApiClient({ notifyError, redirectToLogin: vi.fn() });
  mock();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('MaintenanceTab', () => {
  it("puts a green dot on a completed record's start day and an orange one otherwise, and lists the month newest first", async () => {
    loginWith([...ALL]);
    show();
    await waitFor(() => expect(titles()).toEqual(['Alignment check', 'Bearing replaced', 'Belt tension']));
    expect(listCalls()[0]!.query.get('pointId')).toBe(P);
    const day15 = document.querySelector<HTMLElement>('[data-testid="maintenance-day"][data-day="2030-01-15"]')!;
    const dots = within(day15).getAllByTestId('maintenance-dot');
    expect(dots.map((d) => d.dataset.status)).toEqual(['completed', 'continues']); // by start time
    expect(dots[0]!.getAttribute('style')).toMatch(/#52c41a|82, 196, 26/i); // green
    expect(dots[1]!.getAttribute('style')).toMatch(/#fa8c16|250, 140, 22/i); // orange
    expect(day15.textContent).toContain('Bearing replaced');
    const day3 = document.querySelector<HTMLElement>('[data-day="2030-01-03"]')!;
    expect(within(day3).getByTestId('maintenance-dot').getAttribute('style')).toMatch(/#fa8c16|250, 140, 22/i);
    expect(screen.getByTestId('maintenance-list-heading').textContent).toBe('Maintenance in January 2030');
    expect(cards()[1]!.textContent).toContain('Started 15-01-2030 08:30:00 · recorded by Ada Lovelace');

    fireEvent.click(day15);
    await waitFor(() => expect(titles()).toEqual(['Alignment check', 'Bearing replaced']));
    expect(screen.getByTestId('maintenance-list-heading').textContent).toBe('Maintenance on 15-01-2030');
    fireEvent.click(screen.getByTestId('maintenance-show-month'));
    await waitFor(() => expect(titles()).toHaveLength(3));
  });

  it('says when the point has no records, and jumps to the latest month when this one is empty', async () => {
    loginWith([...ALL]);
    mock([]);
    show();
    expect(await screen.findByText('No maintenance recorded for this point yet')).toBeTruthy();
    expect(screen.queryByTestId('maintenance-go-latest')).toBeNull();
    cleanup();
    mock([RECORDS[3]!]);
    show();
    expect(await screen.findByText('No maintenance in this month')).toBeTruthy();
    fireEvent.click(screen.getByTestId('maintenance-go-latest'));
    await waitFor(() => expect(titles()).toEqual(['Old lubrication']));
    expect(screen.getByTestId('maintenance-list-heading').textContent).toBe('Maintenance on 20-12-2029');
  });

  it('creates a record: title, description, status and the start, now on the customer clock, as YYYY-MM-DD HH:mm:ss', async () => {
    loginWith([...ALL]);
    show();
    await waitFor(() => expect(titles()).toHaveLength(3));
    fireEvent.click(screen.getByTestId('maintenance-create'));
    const dialog = await screen.findByTestId('maintenance-dialog');
    const start = within(dialog).getByTestId('maintenance-start');
    expect((start.querySelector('input') ?? (start as HTMLInputElement)).value).toBe('15-01-2030 13:04:05'); // customer format
    expect(dialog.textContent).toContain("In the customer's time zone (GMT+3)");
    fireEvent.change(within(dialog).getByTestId('maintenance-title'), { target: { value: '  Outer race bearing replaced ' } });
    fireEvent.change(within(dialog).getByTestId('maintenance-description'), { target: { value: 'SKF 6205 fitted' } });
    fireEvent.click(within(dialog).getByTestId('maintenance-status-completed'));
    fireEvent.click(screen.getByTestId('maintenance-dialog-ok'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      pointId: P,
      title: 'Outer race bearing replaced',
      description: 'SKF 6205 fitted',
      status: 'completed',
      maintenanceStartDate: '2030-01-15 13:04:05',
    });
    expect(await screen.findByText('Maintenance record created')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('maintenance-dialog')).toBeNull());
    await waitFor(() => expect(listCalls()).toHaveLength(2)); // reloaded
    expect(screen.getByTestId('maintenance-list-heading').textContent).toBe('Maintenance on 15-01-2030'); // the new record's day
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('requires a title, submits with Enter and closes with Esc', async () => {
    loginWith([...ALL]);
    show();
    await waitFor(() => expect(titles()).toHaveLength(3));
    fireEvent.click(screen.getByTestId('maintenance-create'));
    const title = await screen.findByTestId('maintenance-title');
    fireEvent.keyDown(title, { key: 'Enter' });
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(title, { target: { value: 'Coupling inspected' } });
    fireEvent.keyDown(title, { key: 'Enter' });
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ title: 'Coupling inspected', status: 'continues' });
    await waitFor(() => expect(screen.queryByTestId('maintenance-dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('maintenance-create'));
    const dialog = await screen.findByTestId('maintenance-dialog');
    fireEvent.keyDown(within(dialog).getByTestId('maintenance-description'), { key: 'Enter' }); // a new line, not a save
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('maintenance-dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('edits description and status only', async () => {
    loginWith([...ALL]);
    show();
    await waitFor(() => expect(titles()).toHaveLength(3));
    const target = RECORDS[1]!;
    fireEvent.click(screen.getByTestId(`maintenance-edit-${target._id}`));
    const dialog = await screen.findByTestId('maintenance-dialog');
    expect(within(dialog).getByTestId('maintenance-title').textContent).toBe('Alignment check'); // shown, not editable
    expect(within(dialog).getByTestId('maintenance-start').textContent).toBe('15-01-2030 14:00:00');
    fireEvent.change(within(dialog).getByTestId('maintenance-description'), { target: { value: 'Laser alignment done' } });
    fireEvent.click(within(dialog).getByTestId('maintenance-status-completed'));
    fireEvent.click(screen.getByTestId('maintenance-dialog-ok'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/maintenances/${target._id}`);
    expect(put.body).toEqual({ description: 'Laser alignment done', status: 'completed' });
    expect(await screen.findByText('Maintenance record updated')).toBeTruthy();
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it("shows the server's message as an error toast when a save fails, and keeps the dialog open", async () => {
    loginWith([...ALL]);
    mock(RECORDS, { 'POST /maintenances': [409, { message: 'A maintenance already starts at this time', code: 'X_UNKNOWN' }] });
    show();
    await waitFor(() => expect(titles()).toHaveLength(3));
    fireEvent.click(screen.getByTestId('maintenance-create'));
    fireEvent.change(await screen.findByTestId('maintenance-title'), { target: { value: 'Fan cleaned' } });
    fireEvent.click(screen.getByTestId('maintenance-dialog-ok'));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('A maintenance already starts at this time'));
    expect(screen.getByTestId('maintenance-dialog')).toBeTruthy();
    expect(screen.queryByText('Maintenance record created')).toBeNull();

    cleanup();
    notifyError.mockReset();
    mock(RECORDS, { 'PUT /maintenances/*': [404, { message: 'The record was changed by someone else', code: 'X_GONE' }] });
    show();
    await waitFor(() => expect(titles()).toHaveLength(3));
    fireEvent.click(screen.getByTestId(`maintenance-edit-${RECORDS[0]!._id}`));
    await screen.findByTestId('maintenance-dialog');
    fireEvent.click(screen.getByTestId('maintenance-dialog-ok'));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('The record was changed by someone else'));
    expect(screen.queryByText('Maintenance record updated')).toBeNull();
  });

  it('hides Create without createMaintenance and Edit without updateMaintenance', async () => {
    loginWith(['readMaintenance']);
    show();
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(screen.queryByTestId('maintenance-create')).toBeNull();
    expect(document.querySelector('[data-testid^="maintenance-edit-"]')).toBeNull();
    cleanup();
    loginWith(['readMaintenance', 'updateMaintenance']);
    show();
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(screen.queryByTestId('maintenance-create')).toBeNull();
    expect(document.querySelectorAll('[data-testid^="maintenance-edit-"]')).toHaveLength(3);
    cleanup();
    loginWith(['readMaintenance', 'createMaintenance']);
    show();
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(screen.getByTestId('maintenance-create')).toBeTruthy();
    expect(document.querySelector('[data-testid^="maintenance-edit-"]')).toBeNull();
  });

  it('fetches nothing without readMaintenance', async () => {
    loginWith(['readPoint', 'createMaintenance']);
    show();
    expect(await screen.findByTestId('maintenance-no-permission')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(listCalls()).toHaveLength(0);
    expect(screen.queryByTestId('maintenance-create')).toBeNull();
  });

  it('shows a load failure with a retry', async () => {
    loginWith([...ALL]);
    mock(RECORDS, { 'GET /maintenances': [404, { message: 'Point not found here', code: 'X_UNKNOWN' }] });
    show();
    expect(await screen.findByText('The maintenance records could not be loaded')).toBeTruthy();
    expect(notifyError).toHaveBeenCalledWith('Point not found here');
    expect(screen.getByTestId('maintenance-retry')).toBeTruthy();
  });
});

describe("the point's maintenance tab", () => {
  it('is offered with readMaintenance and opens the calendar', async () => {
    loginWith(['readPoint', 'readMaintenance']);
    renderApp([{ path: '/', element: <PointTab pointId={P} /> }], { initialEntry: '/?area=maintenance' });
    expect((await screen.findByTestId('point-area-maintenance')).textContent).toBe('Maintenance');
    expect(await screen.findByTestId('maintenance-calendar')).toBeTruthy();
    await waitFor(() => expect(titles()).toHaveLength(3));
  });
});
