import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../app/testing/mockApi';
import { locationOf } from '../../app/testing/renderApp';
import { NOT_FOUND_REDIRECT_MS } from './MeasurementDetailPage';

import {
  ALL,
  ID,
  NEXT,
  baseRoutes,
  loginAs,
  measurement,
  notifyError,
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
});
