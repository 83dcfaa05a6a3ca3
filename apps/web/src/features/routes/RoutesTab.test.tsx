import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import type { Permission, Route, TreeNode } from '@overtone/contract';
import { configureApiClient } from '../../core/api/apiClient';
import i18n from '../../core/i18n';
import { createQueryClient } from '../../core/queryClient';
import { sessionStore } from '../../core/session';
import { TEST_SESSION } from '../../app/testing/renderApp';
import { mockApi, type ApiCall } from '../../app/testing/mockApi';
import { RoutesTab } from './RoutesTab';

const node = (_id: string, name: string, parent: string, nodeType: 'group' | 'point'): TreeNode => ({
  _id,
  name,
  parent,
  nodeType,
  tagCode: (nodeType === 'group' ? '#' : '$') + name.toUpperCase(),
  unansweredEvaluationsCount: 0,
  lastTelemetryValue: null,
  health: 'unknown',
  macAddress: null,
});
const TREE: TreeNode[] = [
  node('g1', 'Plant', 'root', 'group'),
  node('g2', 'Line 1', 'g1', 'group'),
  node('p1', 'Pump', 'g2', 'point'),
  node('p2', 'Motor', 'g2', 'point'),
  node('g3', 'Empty hall', 'g1', 'group'),
];
const ROUTE: Route = {
  _id: 'r1',
  name: 'Morning round',
  points: ['p2'],
  tree: [{ _id: 'p2', name: 'Motor', nodeType: 'point', parent: 'g2', path: ['Plant', 'Line 1', 'Motor'] }],
  createdAt: '2024-05-01T08:00:00.000Z',
};
const ALL_ROUTE: Permission[] = ['readRoute', 'createRoute', 'updateRoute', 'deleteRoute'];

let calls: ApiCall[];
const notifyError = vi.fn();

function setup(permissions: Permission[]) {
  sessionStore.set({ ...TEST_SESSION, permissions });
  calls = mockApi({
    'GET /tree': [200, TREE],
    'GET /route': [200, [ROUTE]],
    'POST /route': (c) => [200, { ...ROUTE, _id: 'r2', ...(c.body as object) }],
    'PUT /route/r1': (c) => [200, { ...ROUTE, ...(c.body as object) }],
    'DELETE /route/r1': [200, { ok: true }],
  });
  const wrap = (ui: ReactNode) => (
    <QueryClientProvider client={createQueryClient()}>
      <AntApp>{ui}</AntApp>
    </QueryClientProvider>
  );
  render(wrap(<RoutesTab />));
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  configureApiClient({ notifyError, redirectToLogin: vi.fn() });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  notifyError.mockReset();
});

const bodyOf = (method: string) => calls.find((c) => c.method === method)?.body as { name: string; points: string[] } | undefined;

describe('RoutesTab', () => {
  it('lists route cards with name, point count and point paths', async () => {
    setup(ALL_ROUTE);
    const card = await screen.findByTestId('route-card-Morning round');
    expect(within(card).getByTestId('route-point-count').textContent).toBe('Points: 1');
    expect(card.textContent).toContain('Plant › Line 1 › Motor');
  });

  it('create: name required and at least one point, then POSTs the points in the order ticked', { timeout: 20000 }, async () => {
    setup(ALL_ROUTE);
    await screen.findByTestId('route-pick-Pump');
    fireEvent.click(screen.getByTestId('route-create-submit'));
    expect(await screen.findByText('Please enter a route name')).toBeTruthy();
    expect(await screen.findByText('Select at least one point')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByTestId('route-create-name'), { target: { value: '  Night round ' } });
    const checkboxOf = (name: string) =>
      screen.getByTestId(`route-pick-${name}`).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
    fireEvent.click(checkboxOf('Motor'));
    fireEvent.click(checkboxOf('Pump'));
    expect(screen.getByText('Selected: 2')).toBeTruthy();
    fireEvent.click(screen.getByTestId('route-create-submit'));
    await waitFor(() => expect(bodyOf('POST')).toEqual({ name: 'Night round', points: ['p2', 'p1'] }));
    expect(await screen.findByText('Route created')).toBeTruthy();
    // Ticking a group ticks its points; a group without points cannot be ticked.
    fireEvent.click(checkboxOf('Line 1'));
    expect(screen.getByText('Selected: 2')).toBeTruthy();
    expect(checkboxOf('Empty hall').classList.contains('ant-tree-checkbox-disabled')).toBe(true);
  });

  it('edit reuses the form with the route values and PUTs the new ones', { timeout: 20000 }, async () => {
    setup(ALL_ROUTE);
    const card = await screen.findByTestId('route-card-Morning round');
    fireEvent.click(within(card).getByTestId('route-menu'));
    fireEvent.click(await screen.findByTestId('route-menu-edit'));
    const name = (await screen.findByTestId('route-edit-name')) as HTMLInputElement;
    expect(name.value).toBe('Morning round');
    await waitFor(() => expect(screen.getAllByText('Selected: 1').length).toBeGreaterThan(0));
    fireEvent.change(name, { target: { value: 'Evening round' } });
    fireEvent.click(screen.getByTestId('route-edit-submit'));
    await waitFor(() => expect(bodyOf('PUT')).toEqual({ name: 'Evening round', points: ['p2'] }));
    expect(calls.find((c) => c.method === 'PUT')!.path).toBe('/route/r1');
  });

  it('delete asks first: cancel says so, confirm DELETEs', { timeout: 20000 }, async () => {
    setup(ALL_ROUTE);
    const card = await screen.findByTestId('route-card-Morning round');
    fireEvent.click(within(card).getByTestId('route-menu'));
    fireEvent.click(await screen.findByTestId('route-menu-delete'));
    expect((await screen.findAllByText('Delete the route Morning round?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Delete canceled')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(card).getByTestId('route-menu'));
    fireEvent.click(await screen.findByTestId('route-menu-delete'));
    // The cancelled dialog may still be closing (no animation end in happy-dom): take the newest.
    const oks = await screen.findAllByTestId('route-delete-ok');
    fireEvent.click(oks[oks.length - 1]!);
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/route/r1')).toBe(true));
    expect(await screen.findByText('Route deleted')).toBeTruthy();
  });

  it('hides what the session lacks: no create card without createRoute, no menu without update/deleteRoute', async () => {
    setup(['readRoute']);
    const card = await screen.findByTestId('route-card-Morning round');
    expect(within(card).queryByTestId('route-menu')).toBeNull();
    expect(screen.queryByTestId('route-create-name')).toBeNull();
  });

  it('only the allowed entries are in the menu', async () => {
    setup(['readRoute', 'deleteRoute']);
    const card = await screen.findByTestId('route-card-Morning round');
    fireEvent.click(within(card).getByTestId('route-menu'));
    expect(await screen.findByTestId('route-menu-delete')).toBeTruthy();
    expect(screen.queryByTestId('route-menu-edit')).toBeNull();
  });
});
