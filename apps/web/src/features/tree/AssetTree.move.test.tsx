import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../core/i18n';
import { PLANT } from './treeFixtures';
import { TREE_RELOAD_AFTER_MOVE_MS } from './treeMutations';
import { ALL, drag, fakeApi, loginAs, renderTree, visibleRows } from './treeTestKit';

let api: ReturnType<typeof fakeApi>;
/** When the fake server answered the last PUT and each GET /tree. */
let lastPutAt = 0;
let treeLoadsAt: number[] = [];
const treeLoads = () => api.filter((c) => c.method === 'GET' && c.path === '/tree').length;
const puts = () => api.filter((c) => c.method === 'PUT').map((c) => ({ path: c.path, body: c.body }));
const moveCount = () => Number(screen.getByTestId('tree-move-count').dataset.count);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  lastPutAt = 0;
  treeLoadsAt = [];
  const put = () => {
    lastPutAt = Date.now();
    return undefined;
  };
  api = fakeApi({
    'GET /tree': () => {
      treeLoadsAt.push(Date.now());
      return PLANT;
    },
    'PUT /point/p-pump': put,
    'PUT /tree/group/g-spare': put,
  });
  loginAs(ALL);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('AssetTree move mode (spec 000 §4)', () => {
  it('nothing is draggable until move mode is switched on', async () => {
    await renderTree();
    expect(document.querySelector('[draggable="true"]')).toBeNull();
    expect(screen.queryByTestId('tree-move-bar')).toBeNull();
    fireEvent.click(screen.getByTestId('tree-move-toggle'));
    expect(screen.getByTestId('tree-move-bar')).toBeTruthy();
    expect(moveCount()).toBe(0);
    // Root groups stay where they are; everything else can be dragged.
    const draggable = [...document.querySelectorAll('.ant-tree-treenode[draggable="true"]')].map(
      (r) => r.querySelector<HTMLElement>('[data-testid^="tree-"]')!.dataset.testid,
    );
    expect(draggable).toEqual(['tree-group-Line 1', 'tree-node-Motor DE', 'tree-node-Pump NDE', 'tree-group-Line 2', 'tree-group-Hall', 'tree-group-Spare']); // prettier-ignore
  });

  it('collects allowed drops, shows them, and Save PUTs them in order and reloads 500 ms later', async () => {
    await renderTree();
    fireEvent.click(screen.getByTestId('tree-move-toggle'));

    drag('Pump NDE', 'Spare'); // point onto an empty group
    expect(moveCount()).toBe(1);
    drag('Spare', 'Line 2'); // group onto a group holding only groups
    expect(moveCount()).toBe(2);
    expect(visibleRows()).toEqual(['Plant', '  Line 1', '    Motor DE', '  Line 2', '    Hall', '    Spare', '      Pump NDE', 'Warehouse']); // prettier-ignore
    expect(puts()).toEqual([]);

    const loadsBefore = treeLoads();
    fireEvent.click(screen.getByTestId('tree-move-save'));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()).toEqual([
      { path: '/point/p-pump', body: { tagGroup: 'g-spare', name: 'Pump NDE', tagCode: 'PUMP NDE' } },
      { path: '/tree/group/g-spare', body: { name: 'Spare', tagCode: 'SPARE', parent: 'g-line2' } },
    ]);
    expect(treeLoads()).toBe(loadsBefore);
    await waitFor(() => expect(treeLoads()).toBe(loadsBefore + 1), { timeout: 3000 });
    // Timers may fire a few ms early in the test environment.
    expect(treeLoadsAt.at(-1)! - lastPutAt).toBeGreaterThanOrEqual(TREE_RELOAD_AFTER_MOVE_MS - 10);
    expect(screen.queryByTestId('tree-move-bar')).toBeNull();
    expect(await screen.findByText('Moves saved: 2')).toBeTruthy();
  });

  it('refuses drops the rules forbid', async () => {
    await renderTree();
    fireEvent.click(screen.getByTestId('tree-move-toggle'));
    drag('Motor DE', 'Line 2'); // point onto a group holding a group
    drag('Spare', 'Line 1'); // group onto a group holding points
    drag('Line 2', 'Hall'); // into its own descendant
    drag('Motor DE', 'Warehouse'); // point onto a root group
    drag('Motor DE', 'Pump NDE'); // onto a point
    expect(moveCount()).toBe(0);
    expect(visibleRows()).toEqual(['Plant', '  Line 1', '    Motor DE', '    Pump NDE', '  Line 2', '    Hall', '  Spare', 'Warehouse']); // prettier-ignore
  });

  it('Cancel reloads the tree without saving anything', async () => {
    await renderTree();
    fireEvent.click(screen.getByTestId('tree-move-toggle'));
    drag('Pump NDE', 'Spare');
    expect(moveCount()).toBe(1);
    const loadsBefore = treeLoads();
    fireEvent.click(screen.getByTestId('tree-move-cancel'));
    await waitFor(() => expect(treeLoads()).toBe(loadsBefore + 1));
    expect(puts()).toEqual([]);
    expect(screen.queryByTestId('tree-move-bar')).toBeNull();
    expect(visibleRows()).toContain('    Pump NDE');
    expect(visibleRows().indexOf('    Pump NDE')).toBe(3);
  });

  it('switching move mode off with the toggle is a Cancel', async () => {
    await renderTree();
    fireEvent.click(screen.getByTestId('tree-move-toggle'));
    drag('Pump NDE', 'Spare');
    fireEvent.click(screen.getByTestId('tree-move-toggle'));
    await new Promise((r) => setTimeout(r, TREE_RELOAD_AFTER_MOVE_MS + 100));
    expect(puts()).toEqual([]);
  });
});
