import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { TEST_SESSION, renderApp } from '../../app/testing/renderApp';
import { mockApi, type ApiCall } from '../../app/testing/mockApi';
import { sessionStore } from '../../core/session';
import i18n from '../../core/i18n';
import { PeriodicSection } from './PeriodicSection';
import { TriggerSection } from './TriggerSection';
import { PERIODIC_POLL_MS, RUN_DUE_GRACE_MS, periodicRefetchInterval } from './scheduleApi';

const P = 'a'.repeat(24);
const JOB = {
  nextRunAt: '2030-01-02T03:04:05.000Z',
  lastRunAt: '2030-01-02T02:30:00.000Z',
  failedAt: '2030-01-02T02:30:00.000Z',
  failReason: 'NO_ROUTING',
};
let calls: ApiCall[];

/** An instant as the test customer sees it: DD-MM-YYYY HH:mm:ss at UTC+3 (its zone GMT+3). */
const gmt3 = (iso: string) => {
  const [date, time] = new Date(Date.parse(iso) + 3 * 3_600_000).toISOString().split('T');
  const [y, m, d] = date.split('-');
  return `${d}-${m}-${y} ${time.slice(0, 8)}`;
};
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
  it('shows the stored code as a duration and the job in the customer date format and zone (GMT+3), with the failure reason', async () => {
    loginWith(['updatePointConfig', 'deletePointConfig']);
    show(<PeriodicSection pointId={P} hasDevice />);
    expect(await screen.findByText('about 2 hours')).toBeTruthy();
    const job = screen.getByTestId('scheduler-job');
    expect(job.textContent).toContain('Next run02-01-2030 06:04:05'); // 03:04:05 UTC
    expect(job.textContent).toContain('Last run02-01-2030 05:30:00'); // 02:30:00 UTC
    expect(screen.getByTestId('scheduler-failure').textContent).toContain('Last run failed: 02-01-2030 05:30:00');
    expect(screen.getByTestId('scheduler-failure').textContent).toContain('no gateway reaches the sensor');
  });

  it('Save sends the chosen code; Delete asks for confirmation first; each says it is done', async () => {
    loginWith(['updatePointConfig', 'deletePointConfig']);
    show(<PeriodicSection pointId={P} hasDevice />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ sleepAmount: 28 }));
    await waitFor(() => expect(screen.queryByTestId('scheduler-failure')).toBeNull());
    expect(await screen.findByText('Saved')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('This point is not measured periodically.')).toBeTruthy();
    expect(await screen.findByText('Deleted')).toBeTruthy();
  });

  it('offers about 15 minutes (code 25) first among the sleep options and saves it', async () => {
    loginWith(['updatePointConfig', 'deletePointConfig']);
    show(<PeriodicSection pointId={P} hasDevice />);
    await screen.findByText('about 2 hours');
    const select = screen.getByTestId('sleep-amount');
    fireEvent.mouseDown(select.querySelector('input') ?? select);
    const options = await screen.findAllByText(/^about /, { selector: '.ant-select-item-option-content' });
    expect(options[0]!.textContent).toBe('about 15 minutes');
    fireEvent.click(options[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ sleepAmount: 25 }));
  });

  it('reloads the job once its run is due: "last run: never" becomes the run the scheduler made', async () => {
    loginWith(['updatePointConfig', 'deletePointConfig']);
    const due = Date.now() + 300;
    const ran = new Date(due + 100).toISOString();
    let gets = 0;
    calls = mockApi({
      [`GET /point/${P}/periodic`]: () => {
        gets += 1;
        return gets === 1
          ? [200, { sleepAmount: 26, schedulerJob: { ...JOB, nextRunAt: new Date(due).toISOString(), lastRunAt: null, failedAt: null, failReason: null } }]
          : [200, { sleepAmount: 26, schedulerJob: { ...JOB, nextRunAt: new Date(due + 3_600_000).toISOString(), lastRunAt: ran, failedAt: null, failReason: null } }];
      },
    }); // prettier-ignore
    show(<PeriodicSection pointId={P} hasDevice />);
    const job = await screen.findByTestId('scheduler-job');
    expect(job.textContent).toContain('Last runnever');
    await waitFor(() => expect(screen.getByTestId('scheduler-job').textContent).not.toContain('never'), {
      timeout: RUN_DUE_GRACE_MS + 3000,
    });
    expect(gets).toBe(2);
    expect(screen.getByTestId('scheduler-job').textContent).toContain(`Last run${gmt3(ran)}`);
  });

  it('reloads on time although the section re-renders meanwhile (the timer is not restarted by each render)', async () => {
    loginWith(['updatePointConfig', 'deletePointConfig']);
    const due = Date.now() + 300;
    let gets = 0;
    calls = mockApi({
      [`GET /point/${P}/periodic`]: () => {
        gets += 1;
        const lastRunAt = gets === 1 ? null : new Date(due).toISOString();
        return [200, { sleepAmount: 26, schedulerJob: { ...JOB, nextRunAt: new Date(due + (gets - 1) * 3_600_000).toISOString(), lastRunAt } }];
      },
    }); // prettier-ignore
    /** Re-renders the section every 100 ms, as a busy card does. */
    function Busy() {
      const [, setTick] = useState(0);
      useEffect(() => {
        const id = setInterval(() => setTick((n) => n + 1), 100);
        return () => clearInterval(id);
      }, []);
      return <PeriodicSection pointId={P} hasDevice />;
    }
    show(<Busy />);
    expect((await screen.findByTestId('scheduler-job')).textContent).toContain('Last runnever');
    await waitFor(() => expect(gets).toBe(2), { timeout: RUN_DUE_GRACE_MS + 3000 });
    await waitFor(() => expect(screen.getByTestId('scheduler-job').textContent).not.toContain('never'));
  });

  it('without a device Save is disabled and says why; Delete of a stored schedule stays possible', async () => {
    loginWith(['updatePointConfig', 'deletePointConfig']);
    show(<PeriodicSection pointId={P} hasDevice={false} />);
    const save = (await screen.findByTestId('periodic-save')) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByTestId('periodic-needs-device').textContent).toBe(
      'Save a device first to measure this point periodically',
    );
    expect((screen.getByTestId('periodic-delete') as HTMLButtonElement).disabled).toBe(false);
  });

  it('without updatePointConfig / deletePointConfig there is no Save and no Delete', async () => {
    loginWith(['readPoint']);
    show(<PeriodicSection pointId={P} hasDevice />);
    await screen.findByTestId('scheduler-job');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('TriggerSection', () => {
  it('lists assigned triggers, assigns a valid trigger MAC (upper-cased), unassigns after confirmation', async () => {
    loginWith(['updatePointConfig', 'deletePointConfig']);
    show(<TriggerSection pointId={P} hasDevice />);
    expect(await screen.findByText('CA:B8:25:00:00:01')).toBeTruthy();
    const input = screen.getByLabelText('Trigger MAC address');
    fireEvent.change(input, { target: { value: 'ca:b8:31:00:00:02' } });
    expect(screen.getByText('Enter a trigger MAC address (CA:B8:25:XX:XX:XX)')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Assign' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'ca:b8:25:00:00:02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ trigger: 'CA:B8:25:00:00:02' }));
    expect(await screen.findByText('CA:B8:25:00:00:02')).toBeTruthy();
    expect(await screen.findByText('Trigger assigned')).toBeTruthy();
    // assigned at 2030-01-03T00:00:00Z, shown in the customer's zone (GMT+3)
    expect(screen.getByText('Assigned: 03-01-2030 03:00:00')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Unassign' })[0]);
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ trigger: 'CA:B8:25:00:00:01' }));
    expect(await screen.findByText('No trigger is assigned.')).toBeTruthy();
    expect(await screen.findByText('Trigger unassigned')).toBeTruthy();
  });

  it('without a device Assign is disabled and says why; an assigned trigger can still be unassigned', async () => {
    loginWith(['updatePointConfig', 'deletePointConfig']);
    show(<TriggerSection pointId={P} hasDevice={false} />);
    await screen.findByText('CA:B8:25:00:00:01');
    expect((screen.getByLabelText('Trigger MAC address') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Assign' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('trigger-needs-device').textContent).toBe('Save a device first to assign a trigger');
    expect(screen.getByRole('button', { name: 'Unassign' })).toBeTruthy();
  });

  it('a reader sees the list but cannot assign or unassign', async () => {
    loginWith(['readPoint']);
    show(<TriggerSection pointId={P} hasDevice />);
    await screen.findByText('CA:B8:25:00:00:01');
    expect(screen.queryByLabelText('Trigger MAC address')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unassign' })).toBeNull();
  });
});

describe('periodicRefetchInterval', () => {
  const loadedAt = Date.parse('2030-01-02T03:00:00.000Z');
  const job = (nextRunAt: string) => ({ sleepAmount: 26, schedulerJob: { ...JOB, nextRunAt } });

  it('never while the point is not periodic (or not loaded)', () => {
    expect(periodicRefetchInterval(undefined, loadedAt)).toBe(false);
    expect(periodicRefetchInterval({ sleepAmount: null, schedulerJob: null }, loadedAt)).toBe(false);
  });

  it('every 15 s, and sooner, a grace of 2 s after the next run is due, counted from the load', () => {
    expect(PERIODIC_POLL_MS).toBe(15_000);
    expect(periodicRefetchInterval(job('2030-01-02T04:00:00.000Z'), loadedAt)).toBe(15_000);
    expect(periodicRefetchInterval(job('2030-01-02T03:00:10.000Z'), loadedAt)).toBe(12_000);
    expect(periodicRefetchInterval(job('2030-01-02T03:00:00.500Z'), loadedAt)).toBe(2_500);
    expect(periodicRefetchInterval(job('2030-01-02T03:00:00.000Z'), loadedAt)).toBe(RUN_DUE_GRACE_MS);
  });

  it('every 2 s while a run is just overdue (being made); every 15 s once it is a minute late, or unreadable', () => {
    expect(periodicRefetchInterval(job('2030-01-02T02:59:59.000Z'), loadedAt)).toBe(RUN_DUE_GRACE_MS);
    expect(periodicRefetchInterval(job('2030-01-02T02:59:00.000Z'), loadedAt)).toBe(RUN_DUE_GRACE_MS);
    expect(periodicRefetchInterval(job('2030-01-02T02:58:59.000Z'), loadedAt)).toBe(15_000);
    expect(periodicRefetchInterval(job('not a date'), loadedAt)).toBe(15_000);
  });
});
