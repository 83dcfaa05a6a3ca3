import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MeasurementDetail, Permission, Point } from '@overtone/contract';
import i18n from '../../core/i18n';
import { configureApiClient } from '../../core/api/apiClient';
import { sessionStore } from '../../core/session';
import { mockApi, type ApiCall, type MockAnswer } from '../../app/testing/mockApi';
import { locationOf, renderApp, TEST_SESSION } from '../../app/testing/renderApp';
import { COMPARE_BASKET_KEY, type CompareItem } from '../../charts/compareBasket';
import MeasurementDetailPage, { NOT_FOUND_REDIRECT_MS } from './MeasurementDetailPage';
import { blankPoint } from '../points/blankPoint';
import { blankMeasurement } from './blankMeasurement';

// The charts are another part's; the page only hands them the reference frequency.
vi.mock('./SignalCharts', () => ({
  SignalCharts: ({ referenceFrequencyHz }: { referenceFrequencyHz: number }) => (
    <div data-testid="signal-charts" data-reference-hz={referenceFrequencyHz} />
  ),
}));

const ID = 'a0000000000000000000000a';
const NEXT = 'b0000000000000000000000b';

const measurement = (over: Partial<MeasurementDetail> = {}): MeasurementDetail =>
  blankMeasurement({
    _id: ID,
    user: { name: 'Ada', surname: 'Admin' },
    point: { _id: 'p1', name: 'Motor', path: ['Plant', 'Line 1', 'Motor'] },
    tags: ['pump'],
    telemetry: [
      {
        name: 'GRMS',
        telemetry: 'GRMS',
        source: 'accelerometer_x',
        sensor: '',
        value: 0.123456789,
        unit: 'g',
        deviceReported: false,
      },
      { name: 'CREST', telemetry: 'CREST', source: 'accelerometer_x', sensor: '', value: 3, unit: '', deviceReported: false },
    ],
    ...over,
  });

const POINT: Point = blankPoint({
  _id: 'p1',
  name: 'Motor',
  tagCode: 'M-1',
  parent: 'g1',
  path: ['Plant', 'Line 1'],
  type: ['Electric Motor'],
  referenceFrequency: 25,
  health: 'healthy',
  machineType: 'fan',
});

const ALL: Permission[] = [
  'readMeasurement',
  'deleteMeasurement',
  'deleteMeasurementPhoto',
  'updateMeasurementTags',
  'readAlarm',
];
const loginAs = (permissions: Permission[]) => sessionStore.set({ ...TEST_SESSION, permissions });

type Routes = Record<string, MockAnswer | ((call: ApiCall) => MockAnswer)>;
const baseRoutes = (m: MeasurementDetail = measurement()): Routes => ({
  [`GET /measurement/${m._id}`]: [200, m],
  'GET /point/p1': [200, POINT],
  [`GET /measurement/${m._id}/photo`]: [200, []],
  'GET /alarm-transactions': [200, { total: 0, pageNumber: 1, pageSize: 10, transactions: [] }],
  'GET /measurement/tags': [200, [{ tag: 'pump', count: 3 }]],
  'GET /temporaryToken': [200, []],
});

const renderPage = (entry = `/measurement/${ID}`) =>
  renderApp(
    [
      { path: '/', element: <div>home screen</div> },
      { path: '/measurement/:id', element: <MeasurementDetailPage /> },
    ],
    { initialEntry: entry },
  );

const notifyError = vi.fn();
beforeEach(async () => {
  await i18n.changeLanguage('en');
  notifyError.mockReset();
  configureApiClient({ notifyError, redirectToLogin: vi.fn() });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const openTools = async () => {
  fireEvent.click(await screen.findByTestId('tools-menu'));
};

describe('MeasurementDetailPage', { timeout: 30000 }, () => {
  it('shows the telemetry values to 4 decimals, the default telemetries first', async () => {
    loginAs(ALL);
    mockApi(baseRoutes());
    renderPage();
    const table = await screen.findByTestId('telemetry-table');
    expect(within(table).getByText('0.1235')).toBeTruthy();
    expect(within(table).getByText('3.0000')).toBeTruthy();
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    // by name, not by code (CREST is the crest factor)
    expect(names[0]).toContain('Crest factor');
    expect(names[0]).not.toContain('CREST');
    expect(names[1]).toContain('GRMS');
  });

  it('shows the detail tables with the point info', async () => {
    loginAs(ALL);
    mockApi(baseRoutes());
    renderPage();
    const info = await screen.findByTestId('measurement-info');
    expect(within(info).getByText('CA:B8:31:00:00:02')).toBeTruthy();
    expect(within(info).getByText('25600.00 Hz')).toBeTruthy();
    expect(within(info).getByText('±4 g')).toBeTruthy();
    const pointInfo = await screen.findByTestId('measurement-point-info');
    await within(pointInfo).findByText('M-1');
    expect(within(pointInfo).getByText('25 Hz (1500 RPM)')).toBeTruthy();
  });

  it('RPM input: shows the point frequency × 60, a typed RPM reaches the charts as Hz, reset restores it', async () => {
    loginAs(ALL);
    mockApi(baseRoutes());
    renderPage();
    const input = (await screen.findByTestId('rpm-input')).querySelector('input') ?? screen.getByTestId('rpm-input');
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('1500'));
    expect(screen.getByTestId('signal-charts').getAttribute('data-reference-hz')).toBe('25');
    expect((screen.getByTestId('rpm-reset') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(input, { target: { value: '3000' } });
    await waitFor(() => expect(screen.getByTestId('signal-charts').getAttribute('data-reference-hz')).toBe('50'));
    expect(screen.getByTestId('rpm-hz').textContent).toBe('50 Hz');

    fireEvent.click(screen.getByTestId('rpm-reset'));
    await waitFor(() => expect(screen.getByTestId('signal-charts').getAttribute('data-reference-hz')).toBe('25'));
    expect((input as HTMLInputElement).value).toBe('1500');
  });

  it('note: at most 1000 characters with a counter; save sends the note and shows saved', async () => {
    loginAs(ALL);
    const calls = mockApi({
      ...baseRoutes(),
      [`PUT /measurement/${ID}/note`]: (c) => [200, { result: 1, note: (c.body as { note: string }).note }],
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('note-button'));
    const area = (await screen.findByTestId('note-input')) as HTMLTextAreaElement;
    const textarea = area.tagName === 'TEXTAREA' ? area : (area.querySelector('textarea') as HTMLTextAreaElement);
    expect(textarea.getAttribute('maxlength')).toBe('1000');
    expect(screen.getByText('0 / 1000')).toBeTruthy();
    fireEvent.change(textarea, { target: { value: 'Loose bolt' } });
    expect(await screen.findByText('10 / 1000')).toBeTruthy();
    fireEvent.change(textarea, { target: { value: 'x'.repeat(1200) } });
    expect(await screen.findByText('1000 / 1000')).toBeTruthy();
    fireEvent.change(textarea, { target: { value: 'Loose bolt' } });
    fireEvent.click(screen.getByTestId('note-save'));
    await screen.findByText('Saved');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ note: 'Loose bolt' });
  });

  it('note: cancel closes without saving; a failed save says it could not be saved', async () => {
    loginAs(ALL);
    const calls = mockApi({ ...baseRoutes(), [`PUT /measurement/${ID}/note`]: [200, { result: 0 }] });
    renderPage();
    fireEvent.click(await screen.findByTestId('note-button'));
    fireEvent.change(await screen.findByTestId('note-input'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('note-cancel'));
    // Closing (happy-dom runs no animation: the popover stays in its leave state).
    await waitFor(() => expect(screen.getByTestId('note-input').closest('.ant-zoom-big-leave')).toBeTruthy());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // Opened again, the draft starts from the stored note.
    fireEvent.click(screen.getByTestId('note-button'));
    const input = await screen.findByTestId('note-input');
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe(''));
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('note-save'));
    await screen.findByText('The note could not be saved');
  });

  it('tags editor: edit, add a tag, save sends the list; cancel restores', async () => {
    loginAs(ALL);
    const calls = mockApi({
      ...baseRoutes(),
      [`PUT /measurement/${ID}/tags`]: (c) => [200, { tags: (c.body as { tags: string[] }).tags }],
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('tags-edit'));
    const select = await screen.findByTestId('tags-select');
    const input = select.querySelector('input')!;
    fireEvent.change(input, { target: { value: 'bearing wear' } });
    fireEvent.keyDown(input, { key: 'Tab' });
    fireEvent.click(screen.getByTestId('tags-cancel'));
    const view = await screen.findByTestId('measurement-tags');
    expect(within(view).queryByText('bearing wear')).toBeNull();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByTestId('tags-edit'));
    const input2 = (await screen.findByTestId('tags-select')).querySelector('input')!;
    fireEvent.change(input2, { target: { value: 'bearing wear' } });
    fireEvent.keyDown(input2, { key: 'Tab' });
    fireEvent.change(input2, { target: { value: 'pump' } });
    fireEvent.keyDown(input2, { key: 'Tab' });
    fireEvent.click(screen.getByTestId('tags-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ tags: ['pump', 'bearing wear'] });
    const after = await screen.findByTestId('measurement-tags');
    await within(after).findByText('bearing wear');
  });

  it('tags editor is hidden without updateMeasurementTags; delete without deleteMeasurement', async () => {
    loginAs(['readMeasurement']);
    mockApi(baseRoutes());
    renderPage();
    await screen.findByTestId('measurement-tags');
    expect(screen.queryByTestId('tags-edit')).toBeNull();
    await openTools();
    await screen.findByText('Download (JSON)');
    expect(screen.queryByText('Delete measurement')).toBeNull();
  });

  it('delete: after confirmation opens the adjacent measurement of the point', async () => {
    loginAs(ALL);
    const calls = mockApi({
      ...baseRoutes(),
      [`DELETE /measurement/${ID}`]: [
        200,
        { deleted: true, pointId: 'p1', adjacent: { _id: NEXT, createdAt: '2024-05-02T10:00:00.000Z' } },
      ],
      [`GET /measurement/${NEXT}`]: [200, measurement({ _id: NEXT })],
    });
    const { router } = renderPage();
    await openTools();
    fireEvent.click(await screen.findByRole('menuitem', { name: /Delete measurement/ }));
    fireEvent.click(await screen.findByTestId('delete-ok'));
    await waitFor(() => expect(locationOf(router)).toBe(`/measurement/${NEXT}`));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/measurement/${ID}`)).toBe(true);
  });

  it('delete: goes to / when no measurement remains on the point; a cancelled confirmation says so', async () => {
    loginAs(ALL);
    const calls = mockApi({
      ...baseRoutes(),
      [`DELETE /measurement/${ID}`]: [200, { deleted: true, pointId: 'p1', adjacent: null }],
    });
    const { router } = renderPage();
    await openTools();
    fireEvent.click(await screen.findByRole('menuitem', { name: /Delete measurement/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await screen.findByText('Delete canceled');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await openTools();
    fireEvent.click(await screen.findByRole('menuitem', { name: /Delete measurement/ }));
    await waitFor(() => expect(screen.getAllByTestId('delete-ok').length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByTestId('delete-ok').at(-1)!);
    await waitFor(() => expect(locationOf(router)).toBe('/'));
  });

  it('404: shows the message once (no toast besides the page) and goes to / after 2 s', async () => {
    vi.useFakeTimers();
    loginAs(ALL);
    mockApi({ [`GET /measurement/${ID}`]: [404, { message: 'Measurement not found', code: 'NOT_FOUND' }] });
    const { router } = renderPage();
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByTestId('measurement-not-found')).toBeTruthy();
    expect(notifyError).not.toHaveBeenCalled();
    expect(document.querySelector('.ant-message-notice')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(NOT_FOUND_REDIRECT_MS - 200));
    expect(locationOf(router)).toBe(`/measurement/${ID}`);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(locationOf(router)).toBe('/');
  });

  it('a waveform missing from storage is named on the page, not shown as a measurement without signal', async () => {
    loginAs(ALL);
    mockApi({
      ...baseRoutes(),
      [`GET /measurement/${ID}/signal`]: [
        500,
        { message: "The measurement's samples are missing from storage", code: 'WAVEFORM_MISSING' },
      ],
    });
    renderPage();
    const failed = await screen.findByTestId('measurement-load-failed');
    expect(failed.textContent).toContain("The measurement's samples are missing from storage");
    expect(screen.queryByTestId('signal-charts')).toBeNull();
  });

  it('403: shows the access-denied message and stays', async () => {
    loginAs(ALL);
    mockApi({ [`GET /measurement/${ID}`]: [403, { message: 'Forbidden', code: 'FORBIDDEN' }] });
    const { router } = renderPage();
    const denied = await screen.findByTestId('measurement-forbidden');
    expect(denied.textContent).toContain('Access Denied');
    expect(locationOf(router)).toBe(`/measurement/${ID}`);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('share dialog: default expiry 4h; generating posts the options and shows the link', async () => {
    loginAs([...ALL, 'readPoint']); // sharing images needs readPoint (SHARE_FLAG_PERMISSIONS)
    const calls = mockApi({
      ...baseRoutes(),
      'POST /temporaryToken/measurement': (c) => [
        200,
        {
          _id: 's1',
          measurementId: ID,
          allowTrend: false,
          allowImage: true,
          allowAlarmTransactions: false,
          expiresIn: (c.body as { expiresIn: string }).expiresIn,
          createdAt: '2024-05-01T10:00:00.000Z',
          expiresAt: '2024-05-01T14:00:00.000Z',
          createdBy: null,
          token: 'share-token-1',
        },
      ],
    });
    renderPage();
    await openTools();
    fireEvent.click(await screen.findByRole('menuitem', { name: /Generate temporary link/ }));
    const dialog = await screen.findByTestId('share-dialog');
    expect(within(dialog).getByText('4 hours')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('share-allowImage'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate link' }));
    const link = (await screen.findByTestId('share-link')) as HTMLInputElement;
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      measurementId: ID,
      expiresIn: '4h',
      allowTrend: false,
      allowImage: true,
      allowAlarmTransactions: false,
    });
    expect(link.value).toBe(`${window.location.origin}/measurement/${ID}?token=share-token-1`);
  });

  it('read-only with a share token: only the /share calls, no write control, photos and alarms as the link allows', async () => {
    const m = measurement({ favorite: true, note: 'Check the coupling' });
    const calls = mockApi({
      'GET /share': [
        200,
        {
          measurementId: ID,
          allowTrend: false,
          allowImage: true,
          allowAlarmTransactions: false,
          expiresAt: '2030-01-01T00:00:00.000Z',
        },
      ],
      [`GET /share/measurement/${ID}`]: [200, { ...m, pointSettings: null }],
      [`GET /share/measurement/${ID}/photo`]: [
        200,
        [{ key: 'c/m/p1.jpg', url: '/img/p1.jpg', date: '2024-05-01T10:00:00.000Z' }],
      ],
    });
    renderPage(`/measurement/${ID}?token=share-token-1`);
    await screen.findByTestId('read-only-notice');
    await screen.findByTestId('measurement-photo');
    expect(screen.queryByTestId('photo-delete')).toBeNull();
    expect(screen.getByTestId('favorite-static')).toBeTruthy();
    expect(screen.queryByTestId('favorite-toggle')).toBeNull();
    expect(screen.queryByTestId('tags-edit')).toBeNull();
    expect(screen.queryByTestId('alarm-transactions')).toBeNull();
    fireEvent.click(screen.getByTestId('note-button'));
    expect((await screen.findByTestId('note-text')).textContent).toBe('Check the coupling');
    expect(screen.queryByTestId('note-input')).toBeNull();
    await openTools();
    await screen.findByRole('menuitem', { name: /Download \(JSON\)/ });
    expect(screen.queryByRole('menuitem', { name: /Generate temporary link/ })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: /Delete measurement/ })).toBeNull();
    // A share token is no session: every call goes to the /share family (no GET /point, no /measurement).
    expect(calls.map((c) => c.path).filter((p) => !p.startsWith('/share'))).toEqual([]);
  });

  it('read-only with a share token that allows alarm transactions reads them from the share family', async () => {
    const calls = mockApi({
      'GET /share': [
        200,
        {
          measurementId: ID,
          allowTrend: false,
          allowImage: false,
          allowAlarmTransactions: true,
          expiresAt: '2030-01-01T00:00:00.000Z',
        },
      ],
      [`GET /share/measurement/${ID}`]: [200, { ...measurement(), pointSettings: null }],
      [`GET /share/measurement/${ID}/alarm-transactions`]: [200, { total: 0, pageNumber: 1, pageSize: 10, transactions: [] }],
    });
    renderPage(`/measurement/${ID}?token=share-token-1`);
    await screen.findByTestId('alarm-transactions');
    await screen.findByText('No alarm transactions for this point');
    expect(screen.queryByTestId('measurement-photos')).toBeNull();
    const alarmCall = calls.find((c) => c.path.endsWith('/alarm-transactions'))!;
    expect(alarmCall.query.get('pageSize')).toBe('10');
    expect(calls.map((c) => c.path).filter((p) => !p.startsWith('/share'))).toEqual([]);
  });

  it('an expired or revoked share link shows a notice and calls nothing else', async () => {
    const calls = mockApi({
      'GET /share': [401, { message: 'This link is invalid or has expired', code: 'SHARE_LINK_INVALID' }],
    });
    renderPage(`/measurement/${ID}?token=old-token`);
    await screen.findByTestId('share-link-invalid');
    expect(calls.map((c) => c.path)).toEqual(['/share']);
  });

  it('photos: open in the viewer; delete needs deleteMeasurementPhoto and sends the last key segment', async () => {
    loginAs(ALL);
    const calls = mockApi({
      ...baseRoutes(),
      [`GET /measurement/${ID}/photo`]: [
        200,
        [{ key: 'c1/measurement-photos/m/abc.jpg', url: '/img/abc.jpg', date: '2024-05-01T10:00:00.000Z' }],
      ],
      [`DELETE /measurement/${ID}/photo/abc.jpg`]: [200, { ok: true }],
    });
    renderPage();
    await screen.findByTestId('measurement-photo');
    fireEvent.click(screen.getByRole('button', { name: 'Open photo' }));
    expect((await screen.findByTestId('image-viewer-img')).getAttribute('src')).toBe('/img/abc.jpg');
    fireEvent.click(screen.getByTestId('photo-delete'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('measurement-photo')).toBeNull());
  });

  it('photos cannot be deleted without deleteMeasurementPhoto; alarms hidden without readAlarm', async () => {
    loginAs(['readMeasurement']);
    mockApi({
      ...baseRoutes(),
      [`GET /measurement/${ID}/photo`]: [200, [{ key: 'k/abc.jpg', url: '/img/abc.jpg', date: '2024-05-01T10:00:00.000Z' }]],
    });
    renderPage();
    await screen.findByTestId('measurement-photo');
    expect(screen.queryByTestId('photo-delete')).toBeNull();
    expect(screen.queryByTestId('alarm-transactions')).toBeNull();
  });

  it('alarm transactions of the point: level, score, 10 per page by default', async () => {
    loginAs(ALL);
    const calls = mockApi({
      ...baseRoutes(),
      'GET /alarm-transactions': [
        200,
        {
          total: 1,
          pageNumber: 1,
          pageSize: 10,
          transactions: [
            {
              _id: 't1',
              createdAt: '2024-05-01T10:00:00.000Z',
              name: 'High vibration',
              macAddress: 'CA:B8:31:00:00:02',
              point: { _id: 'p1', name: 'Motor' },
              telemetry: 'GRMS',
              level: { name: 'hazard', order: 2 },
              score: 1.5,
              measurementId: ID,
            },
          ],
        },
      ],
    });
    renderPage();
    const table = await screen.findByTestId('alarm-transactions');
    await within(table).findByText('High vibration');
    expect(within(table).getByText('Hazard')).toBeTruthy();
    expect(within(table).getByText('1.5000')).toBeTruthy();
    const q = calls.find((c) => c.path === '/alarm-transactions')!.query;
    expect([q.get('points'), q.get('pageNumber'), q.get('pageSize')]).toEqual(['p1', '1', '10']);
  });

  it('favorite star toggles through PUT /favorite', async () => {
    loginAs(ALL);
    const calls = mockApi({
      ...baseRoutes(),
      [`PUT /measurement/${ID}/favorite`]: (c) => [200, { favorite: (c.body as { favorite: boolean }).favorite }],
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('favorite-toggle'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ favorite: true });
    await waitFor(() => expect(screen.getByTestId('favorite-toggle').getAttribute('aria-pressed')).toBe('true'));
  });

  it('shows the compare basket count and follows the storage event', async () => {
    loginAs(ALL);
    const item = (n: number): CompareItem => ({
      measurementId: `m${n}`,
      pointName: 'Pump',
      date: '2026-01-01T00:00:00.000Z',
      channel: 'accelerometer_x',
      fft: { x: [0, 1], y: [0, 1], unit: 'g', window: 'hanning', amplitude: 'grms' },
      time: { samplingRateHz: 1000, y: [0, 1] },
    });
    localStorage.setItem(COMPARE_BASKET_KEY, JSON.stringify([item(1), item(2)]));
    mockApi(baseRoutes());
    renderPage();
    const badge = await screen.findByTestId('compare-count');
    expect(badge.textContent).toContain('2');
    act(() => {
      localStorage.setItem(COMPARE_BASKET_KEY, JSON.stringify([item(1), item(2), item(3)]));
      window.dispatchEvent(new StorageEvent('storage', { key: COMPARE_BASKET_KEY }));
    });
    await waitFor(() => expect(screen.getByTestId('compare-count').textContent).toContain('3'));
  });
});
