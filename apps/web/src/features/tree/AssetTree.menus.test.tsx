import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../core/i18n';
import { PLANT } from './treeFixtures';
import { ALL, clickMenu, fakeApi, loginAs, openMenu, renderTree, reply, visibleRows } from './treeTestKit';

// The point dialog is another feature's; a stub shows which mode it was opened in.
vi.mock('../point-form/PointFormDialog', () => ({
  PointFormDialog: (p: { mode: unknown; onSaved(id: string): void }) => (
    <div data-testid="point-form-stub" data-mode={JSON.stringify(p.mode)}>
      <button data-testid="point-form-stub-save" onClick={() => p.onSaved('p-new')} />
    </div>
  ),
}));

let api: ReturnType<typeof fakeApi>;
const treeLoads = () => api.filter((c) => c.method === 'GET' && c.path === '/tree').length;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api = fakeApi({
    'GET /tree': PLANT,
    'DELETE /tree/group/g-spare': undefined,
    'DELETE /point/p-pump': reply(409, { message: 'Point is in a route', code: 'CONFLICT' }),
    'DELETE /point/p-motor': undefined,
  });
  loginAs(ALL);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('AssetTree node menus (spec 000 §2, §4, §6)', () => {
  it('offers the group entries the rules allow', async () => {
    await renderTree();
    expect(await openMenu('Line 1')).toEqual(['edit', 'createPoint', 'delete(disabled)']); // holds points
    cleanup();
    await renderTree();
    expect(await openMenu('Line 2')).toEqual(['edit', 'createGroup', 'delete(disabled)']); // holds a group
    cleanup();
    await renderTree();
    expect(await openMenu('Spare')).toEqual(['edit', 'createPoint', 'createGroup', 'delete']); // empty
  });

  it('gives a root group only "create group"', async () => {
    await renderTree();
    expect(await openMenu('Plant')).toEqual(['createGroup']);
  });

  it('opens the same menu on right-click, and a point menu has edit and delete', async () => {
    await renderTree();
    expect(await openMenu('Motor DE', 'contextMenu')).toEqual(['edit', 'delete']);
  });

  it('hides what the session may not do', async () => {
    loginAs(['readPoint']);
    await renderTree();
    expect(screen.queryByTestId('tree-menu-Spare')).toBeNull();
    expect(screen.queryByTestId('tree-menu-Motor DE')).toBeNull();
    expect(screen.queryByTestId('tree-create-root-group')).toBeNull();
    expect(screen.queryByTestId('tree-move-toggle')).toBeNull();
    cleanup();

    loginAs(['readPoint', 'updatePoint']);
    await renderTree();
    expect(screen.getByTestId('tree-move-toggle')).toBeTruthy();
    expect(screen.queryByTestId('tree-create-root-group')).toBeNull();
    expect(screen.queryByTestId('tree-menu-Plant')).toBeNull(); // a root group has nothing left
    expect(await openMenu('Motor DE')).toEqual(['edit']);
    cleanup();

    loginAs(['readPoint', 'createPoint']);
    await renderTree();
    expect(screen.getByTestId('tree-create-root-group')).toBeTruthy();
    expect(await openMenu('Spare')).toEqual(['createPoint', 'createGroup']);
  });

  it('a menu click does not open the point', async () => {
    const onOpenPoint = vi.fn();
    await renderTree({ onOpenPoint });
    await openMenu('Motor DE');
    clickMenu('edit');
    expect(JSON.parse((await screen.findByTestId('point-form-stub')).dataset.mode!)).toEqual({
      kind: 'edit',
      pointId: 'p-motor',
    });
    expect(onOpenPoint).not.toHaveBeenCalled();
  });

  it('create point opens the point dialog for the group and reloads the tree after saving', async () => {
    await renderTree();
    await openMenu('Spare');
    clickMenu('createPoint');
    const stub = await screen.findByTestId('point-form-stub');
    expect(JSON.parse(stub.dataset.mode!)).toEqual({ kind: 'create', parentGroupId: 'g-spare' });
    const before = treeLoads();
    fireEvent.click(screen.getByTestId('point-form-stub-save'));
    await waitFor(() => expect(treeLoads()).toBe(before + 1));
    expect(screen.queryByTestId('point-form-stub')).toBeNull();
  });
});

describe('AssetTree delete (spec 000 §4 tree rules, §8)', () => {
  const confirmDialog = () => screen.findByRole('dialog');

  it('cancelling the confirmation says tree.DeleteCanceled and deletes nothing', async () => {
    await renderTree();
    await openMenu('Spare');
    clickMenu('delete');
    expect((await confirmDialog()).textContent).toContain('Delete the group "Spare"?');
    fireEvent.click(screen.getByTestId('tree-delete-cancel'));
    expect(await screen.findByText('Delete canceled')).toBeTruthy();
    expect(api.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('confirming deletes the group and reloads the tree', async () => {
    await renderTree();
    await openMenu('Spare');
    clickMenu('delete');
    await confirmDialog();
    const before = treeLoads();
    fireEvent.click(screen.getByTestId('tree-delete-ok'));
    await waitFor(() => expect(api.some((c) => c.method === 'DELETE' && c.path === '/tree/group/g-spare')).toBe(true));
    expect(await screen.findByText('Group deleted')).toBeTruthy();
    await waitFor(() => expect(treeLoads()).toBe(before + 1));
  });

  it("a failed group delete shows the server's message as info, not as an error", async () => {
    api = fakeApi({
      'GET /tree': PLANT,
      'DELETE /tree/group/g-spare': reply(409, { message: 'The group still holds nodes', code: 'CONFLICT' }),
    });
    await renderTree();
    await openMenu('Spare');
    clickMenu('delete');
    await confirmDialog();
    fireEvent.click(screen.getByTestId('tree-delete-ok'));
    const toast = await screen.findByText('The group still holds nodes');
    expect(toast.closest('.ant-message-notice-info, .ant-message-info')).toBeTruthy();
    expect(api.notifyError).not.toHaveBeenCalled();
  });

  it('a failed point delete says tree.DeleteCanceled; a deleted point is reported', async () => {
    const onPointDeleted = vi.fn();
    await renderTree({ onPointDeleted });
    await openMenu('Pump NDE');
    clickMenu('delete');
    expect((await confirmDialog()).textContent).toContain('Delete the measurement point "Pump NDE"?');
    fireEvent.click(screen.getByTestId('tree-delete-ok'));
    expect(await screen.findByText('Delete canceled')).toBeTruthy();
    expect(api.notifyError).not.toHaveBeenCalled();
    expect(onPointDeleted).not.toHaveBeenCalled();

    await openMenu('Motor DE');
    clickMenu('delete');
    // The first confirmation may still be in the DOM (closing animation): take the newest.
    await waitFor(() => expect(screen.getAllByTestId('tree-delete-ok')).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId('tree-delete-ok')[1]);
    await waitFor(() =>
      expect(api.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/point/p-pump', '/point/p-motor']),
    );
    await waitFor(() => expect(onPointDeleted).toHaveBeenCalledWith('p-motor'));
  });
});

describe('AssetTree rows (spec 000 §2)', () => {
  it('shows the unanswered evaluations, the last value to 2 decimals and the health colour', async () => {
    await renderTree();
    const motor = screen.getByTestId('tree-node-Motor DE');
    expect(motor.dataset.health).toBe('critical');
    expect(within(motor).getByTestId('tree-node-badge').textContent).toBe('3');
    expect(within(motor).getByTestId('tree-node-value').textContent).toBe('GRMS: 1.23');
    expect(within(screen.getByTestId('tree-node-Pump NDE')).queryByTestId('tree-node-badge')).toBeNull();
    expect(visibleRows()).toEqual([
      'Plant',
      '  Line 1',
      '    Motor DE',
      '    Pump NDE',
      '  Line 2',
      '    Hall',
      '  Spare',
      'Warehouse',
    ]);
  });

  it('select all checks every node and reports the points; reset clears it', async () => {
    const onCheckedPointsChange = vi.fn();
    await renderTree({ onCheckedPointsChange });
    expect(screen.getByTestId('tree-selected-count').dataset.count).toBe('0');
    fireEvent.click(screen.getByTestId('tree-select-all'));
    expect(screen.getByTestId('tree-selected-count').textContent).toBe('Selected points: 2');
    expect([...onCheckedPointsChange.mock.lastCall![0]].sort()).toEqual(['p-motor', 'p-pump']);
    expect(document.querySelectorAll('.ant-tree-checkbox-checked').length).toBe(PLANT.length);

    fireEvent.click(screen.getByTestId('tree-select-reset'));
    expect(screen.getByTestId('tree-selected-count').dataset.count).toBe('0');
    expect(onCheckedPointsChange).toHaveBeenLastCalledWith([]);
    expect(document.querySelectorAll('.ant-tree-checkbox-checked').length).toBe(0);
  });

  it('checking a group checks its points', async () => {
    const onCheckedPointsChange = vi.fn();
    await renderTree({ onCheckedPointsChange });
    const box = screen.getByTestId('tree-group-Line 1').closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
    fireEvent.click(box);
    expect([...onCheckedPointsChange.mock.lastCall![0]].sort()).toEqual(['p-motor', 'p-pump']);
  });
});
