import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MeasurementListItem } from '@overtone/contract';
import i18n from '../../core/i18n';
import { ALL, CUSTOMER, fakeApi, loginAs, renderAdmin, TELEMETRY } from '../admin/adminTestKit';
import { MeasurementsTab } from './MeasurementsTab';

const item = (n: number, over: Partial<MeasurementListItem> = {}): MeasurementListItem => ({
  _id: n.toString(16).padStart(24, '0'),
  createdAt: '2024-05-01T10:00:00.000Z',
  user: { name: 'Ada', surname: 'Admin' },
  point: { _id: 'p1', name: 'Motor', path: ['Plant', 'Line 1', 'Motor'] },
  gateway: 'CA:B8:28:00:00:01',
  measurementType: 'MANUAL',
  macAddress: 'CA:B8:31:00:00:02',
  favorite: false,
  tags: [],
  upload: false,
  partial: false,
  error: null,
  state: 'persisted',
  ...over,
});

let api: ReturnType<typeof fakeApi>;
beforeEach(async () => {
  await i18n.changeLanguage('en');
  api = fakeApi({
    'GET /measurement': { total: 2, totalExact: true, measurements: [item(1), item(2, { user: null, favorite: true })] },
    'GET /measurement/tags': [{ tag: 'pump', count: 3 }],
    'GET /telemetry': TELEMETRY,
    'GET /customer/localhost': CUSTOMER,
    'DELETE /measurements': { deleted: 1 },
    'GET /measurement/download': { url: '/api/measurement/download/archive?q=x', expiresAt: '2030-01-01T00:00:00.000Z' },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});
const listCalls = () => api.filter((c) => c.method === 'GET' && c.path === '/measurement');

describe('MeasurementsTab', () => {
  it('loads the last 364 days to the end of the customer’s today (GMT+3, ISO 8601 with its offset), 10 per page, and shows user or No User, path, star', async () => {
    loginAs(ALL);
    renderAdmin(<MeasurementsTab />);
    await screen.findByText('No User');
    const q = listCalls()[0].query;
    expect(q.get('pageSize')).toBe('10');
    const todayInGmt3 = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    expect(q.get('endDate')).toBe(`${todayInGmt3}T23:59:59.999+03:00`);
    expect(q.get('startDate')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+03:00$/);
    expect(Math.round((Date.now() - Date.parse(q.get('startDate')!)) / 86_400_000)).toBe(364);
    // 2024-05-01T10:00:00Z, in the customer's zone and date format
    expect(screen.getAllByText('01-05-2024 13:00:00')).toHaveLength(2);
    expect(screen.getAllByText('Ada Admin').length).toBeGreaterThan(0);
    // the point's name on its own line, its groups below, the whole path in the title
    const cells = screen.getAllByTestId('measurement-point');
    expect(cells.map((c) => [c.title, c.children[0]!.textContent, c.children[1]!.textContent])).toEqual([
      ['Plant / Line 1 / Motor', 'Motor', 'Plant / Line 1'],
      ['Plant / Line 1 / Motor', 'Motor', 'Plant / Line 1'],
    ]);
    expect(screen.getAllByRole('img', { name: 'Favorite' })).toHaveLength(1);
    expect(screen.getAllByTestId('measurement-details-link')[0].getAttribute('href')).toBe(`/measurement/${item(1)._id}`);
  });

  it('lists only the tree’s checked points when some are checked, and says so', async () => {
    loginAs(ALL);
    renderAdmin(<MeasurementsTab points={['p2', 'p1']} />);
    expect((await screen.findByTestId('measurements-checked-points')).textContent).toBe('Only the 2 checked points (tree)');
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
    expect(listCalls().at(-1)!.query.get('points')).toBe('p1,p2');
    cleanup();
    renderAdmin(<MeasurementsTab points={null} />);
    await screen.findAllByTestId('measurement-point');
    expect(listCalls().at(-1)!.query.has('points')).toBe(false);
    expect(screen.queryByTestId('measurements-checked-points')).toBeNull();
  });

  it('sends the flags and the MAC address on Filter', async () => {
    loginAs(ALL);
    renderAdmin(<MeasurementsTab />);
    await screen.findByText('No User');
    fireEvent.change(screen.getByTestId('filter-mac'), { target: { value: 'ca:b8:31:00:00:02' } });
    fireEvent.click(screen.getByTestId('filter-onlyMine'));
    fireEvent.click(screen.getByTestId('filter-partial'));
    fireEvent.click(screen.getByTestId('filter-apply'));
    await waitFor(() => expect(listCalls().length).toBe(2));
    const q = listCalls()[1].query;
    expect(q.get('macAddress')).toBe('CA:B8:31:00:00:02');
    expect(q.get('onlyMine')).toBe('true');
    expect(q.get('partial')).toBe('true');
    expect(q.get('upload')).toBeNull();
  });

  it('warns admin.warningForValidationValue and skips the load when min is not below max', async () => {
    loginAs(ALL);
    renderAdmin(<MeasurementsTab />);
    await screen.findByText('No User');
    fireEvent.click(screen.getByTestId('filter-min-active'));
    fireEvent.click(screen.getByTestId('filter-max-active'));
    fireEvent.change(screen.getByTestId('filter-min'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('filter-max'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('filter-apply'));
    await screen.findByText('The minimum value must be less than the maximum value');
    expect(listCalls().length).toBe(1);
  });

  it('deletes the selection after confirmation', async () => {
    loginAs(ALL);
    renderAdmin(<MeasurementsTab />);
    await screen.findByText('No User');
    const boxes = screen.getAllByRole('checkbox').filter((b) => b.closest('tbody'));
    fireEvent.click(boxes[0]);
    fireEvent.click(await screen.findByTestId('measurements-delete'));
    expect(screen.getAllByText('2 measurements').length).toBeGreaterThan(0); // the total, plural
    const pop = await screen.findByText('Delete the selected measurement? This cannot be undone.');
    fireEvent.click(within(pop.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.some((c) => c.method === 'DELETE')).toBe(true));
    expect(api.find((c) => c.method === 'DELETE')!.body).toEqual({ ids: [item(1)._id] });
    expect(await screen.findByText('1 measurement deleted')).toBeTruthy(); // singular
  });

  it('hides delete without deleteMeasurement', async () => {
    loginAs(['readMeasurement']);
    renderAdmin(<MeasurementsTab />);
    await screen.findByText('No User');
    expect(screen.queryByTestId('measurements-delete')).toBeNull();
    expect(screen.getByTestId('measurements-download')).toBeTruthy();
  });
});
