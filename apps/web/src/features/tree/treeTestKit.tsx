/**
 * Test helpers of the tree feature (imported by its *.test.tsx only). The fake API, session and
 * providers are the admin feature's (adminTestKit); these add the tree's own gestures.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAdmin } from '../admin/adminTestKit';
import { AssetTree } from './AssetTree';

export { fakeApi, loginAs, reply, ALL } from '../admin/adminTestKit';
export type { ApiCall } from '../admin/adminTestKit';

/** Renders the asset tree and waits for the fixture to show. */
export async function renderTree(props: Partial<Parameters<typeof AssetTree>[0]> = {}) {
  const result = renderAdmin(<AssetTree selectedPointId={null} onOpenPoint={() => undefined} {...props} />, '/');
  await screen.findByTestId('tree-group-Plant');
  return result;
}

/** The row (`.ant-tree-treenode`) of a node by name. */
export function rowOf(name: string): HTMLElement {
  const title = screen.queryByTestId(`tree-group-${name}`) ?? screen.getByTestId(`tree-node-${name}`);
  return title.closest('.ant-tree-treenode') as HTMLElement;
}

/** The open dropdown menu (the newest: a closed one may linger while its animation runs). */
const openDropdown = () =>
  [...document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu')].pop() ?? null;

/**
 * Opens a node's menu from its "more" button (or by right-clicking the row) and returns the
 * actions it offers, e.g. ['edit', 'createPoint', 'delete(disabled)'].
 */
export async function openMenu(name: string, how: 'button' | 'contextMenu' = 'button'): Promise<string[]> {
  if (how === 'button') fireEvent.click(screen.getByTestId(`tree-menu-${name}`));
  else fireEvent.contextMenu(screen.queryByTestId(`tree-group-${name}`) ?? screen.getByTestId(`tree-node-${name}`));
  const menu = await waitFor(() => {
    const m = openDropdown();
    if (!m) throw new Error('no open menu');
    return m;
  });
  return [...menu.querySelectorAll<HTMLElement>('[data-testid^="tree-menu-"]')].map((el) => {
    const action = el.dataset.testid!.replace('tree-menu-', '');
    return el.closest('.ant-dropdown-menu-item-disabled') ? `${action}(disabled)` : action;
  });
}

/** Clicks an entry of the open menu. */
export function clickMenu(action: string) {
  const menu = openDropdown();
  if (!menu) throw new Error('no open menu');
  fireEvent.click(menu.querySelector(`[data-testid="tree-menu-${action}"]`)!);
}

/**
 * Drags node `from` onto node `to` the way the browser does (dragstart, dragenter, dragover,
 * drop, dragend). The pointer ends well to the right of where it started, which rc-tree reads as
 * "inside" rather than "after" the target.
 */
export function drag(from: string, to: string) {
  const source = rowOf(from);
  const target = rowOf(to);
  const dataTransfer = { setData: () => undefined, getData: () => '', dropEffect: 'move', effectAllowed: 'move' };
  fireEvent.dragStart(source, { clientX: 0, clientY: 0, dataTransfer });
  fireEvent.dragEnter(target, { clientX: 100, clientY: 0, dataTransfer });
  fireEvent.dragOver(target, { clientX: 100, clientY: 0, dataTransfer });
  fireEvent.drop(target, { clientX: 100, clientY: 0, dataTransfer });
  fireEvent.dragEnd(source, { dataTransfer });
}

/** Names of the visible rows, top to bottom, indented by their depth ("  Line 1"). */
export function visibleRows(): string[] {
  return [...document.querySelectorAll<HTMLElement>('.ant-tree-treenode')].flatMap((row) => {
    const depth = row.querySelectorAll('.ant-tree-indent-unit').length;
    const title = row.querySelector<HTMLElement>('[data-testid^="tree-group-"], [data-testid^="tree-node-"]');
    // rc-tree also renders an empty row to measure with; it has no title.
    return title ? [`${'  '.repeat(depth)}${title.dataset.testid!.replace(/^tree-(group|node)-/, '')}`] : [];
  });
}
