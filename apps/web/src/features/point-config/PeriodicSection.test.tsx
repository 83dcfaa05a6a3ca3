import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { TEST_SESSION, renderApp } from '../../app/testing/renderApp';
import { mockApi, type ApiCall } from '../../app/testing/mockApi';
import { sessionStore } from '../../app/session';
import i18n from '../../app/i18n';
import { PeriodicSection } from './PeriodicSection';
import { TriggerSection } from './TriggerSection';

const P = 'a'.repeat(24);
const JOB = {
  nextRunAt: '2030-01-02T03:04:05.000Z',
  lastRunAt: '2030-01-02T02:30:00.000Z',
  failedAt: '2030-01-02T02:30:00.000Z',
  failReason: 'NO_ROUTING',
};
let calls: ApiCall[];

const loginWith = (permissions: string[]) => sessionStore.set({ ...TEST_SESSION, permissions } as typeof TEST_SESSION);
const show = (node: React.ReactNode) => renderApp([{ path: '/', element: node }]);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  calls = mockApi({
    [`GET /point/${P}/periodic`]: [200, { sleepAmount: 28, schedulerJob: JOB }],
    [`PUT /point/${P}/periodic`]: (c) => [
      200,
      {
        sleepAmount: (c.body as { sleepAmount: number }).sleepAmount,
        schedulerJob: { ...JOB, failedAt: null, failReason: null },
      },
    ],
    [`DELETE /point/${P}/periodic`]: [200, { sleepAmount: null, schedulerJob: null }],
    [`GET /point/${P}/trigger`]: [
      200,
      { triggers: [{ macAddress: 'CA:B8:25:00:00:01', assignedAt: '2030-01-01T00:00:00.000Z' }] },
    ],
    [`PUT /point/${P}/trigger`]: (c) => [
      200,
      {
        triggers: [
          { macAddress: 'CA:B8:25:00:00:01', assignedAt: '2030-01-01T00:00:00.000Z' },
          { macAddress: (c.body as { trigger: string }).trigger, assignedAt: '2030-01-03T00:00:00.000Z' },
        ],
      },
    ],
    [`DELETE /point/${P}/trigger`]: [200, { triggers: [] }],
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('PeriodicSection', () => {
  it('shows the stored code as a duration and the job in the customer date format, with the failure reason', async () => {
    loginWith(['updatePointConfig', 'deletePointConfig']);
    show(<PeriodicSection pointId={P} />);
    expect(await screen.findByText('about 2 hours')).toBeTruthy();
    const job = screen.getByTestId('scheduler-job');
    expect(job.textContent).toContain(dayjs(JOB.nextRunAt).format('DD-MM-YYYY HH:mm:ss'));
    expect(job.textContent).toContain(dayjs(JOB.lastRunAt).format('DD-MM-YYYY HH:mm:ss'));
    expect(screen.getByTestId('scheduler-failure').textContent).toContain('no gateway reaches the sensor');
  });

  it('Save sends the chosen code; Delete asks for confirmation first', async () => {
    loginWith(['updatePointConfig', 'deletePointConfig']);
    show(<PeriodicSection pointId={P} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ sleepAmount: 28 }));
    await waitFor(() => expect(screen.queryByTestId('scheduler-failure')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('This point is not measured periodically.')).toBeTruthy();
  });

  it('without updatePointConfig / deletePointConfig there is no Save and no Delete', async () => {
    loginWith(['readPoint']);
    show(<PeriodicSection pointId={P} />);
    await screen.findByTestId('scheduler-job');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('TriggerSection', () => {
  it('lists assigned triggers, assigns a valid trigger MAC (upper-cased), unassigns after confirmation', async () => {
    loginWith(['updatePointConfig', 'deletePointConfig']);
    show(<TriggerSection pointId={P} />);
    expect(await screen.findByText('CA:B8:25:00:00:01')).toBeTruthy();
    const input = screen.getByLabelText('Trigger MAC address');
    fireEvent.change(input, { target: { value: 'ca:b8:31:00:00:02' } });
    expect(screen.getByText('Enter a trigger MAC address (CA:B8:25:XX:XX:XX)')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Assign' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'ca:b8:25:00:00:02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ trigger: 'CA:B8:25:00:00:02' }));
    expect(await screen.findByText('CA:B8:25:00:00:02')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Unassign' })[0]);
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ trigger: 'CA:B8:25:00:00:01' }));
    expect(await screen.findByText('No trigger is assigned.')).toBeTruthy();
  });

  it('a reader sees the list but cannot assign or unassign', async () => {
    loginWith(['readPoint']);
    show(<TriggerSection pointId={P} />);
    await screen.findByText('CA:B8:25:00:00:01');
    expect(screen.queryByLabelText('Trigger MAC address')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unassign' })).toBeNull();
  });
});
