import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../app/testing/mockApi';
import { COMPARE_BASKET_KEY, type CompareItem } from '../../charts/compareBasket';

import {
  ALL,
  ID,
  baseRoutes,
  loginAs,
  measurement,
  openTools,
  renderPage,
  usePageTestSetup,
} from './measurementDetailPageTestKit';

// The charts are another part's; the page only hands them the reference frequency.
vi.mock('./SignalCharts', () => ({
  SignalCharts: ({ referenceFrequencyHz }: { referenceFrequencyHz: number }) => (
    <div data-testid="signal-charts" data-reference-hz={referenceFrequencyHz} />
  ),
}));

usePageTestSetup();

describe('MeasurementDetailPage: share, photos, alarms, favorite, compare', { timeout: 30000 }, () => {
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
