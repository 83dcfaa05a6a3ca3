import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { TreeNode } from '@overtone/contract';
import i18n from '../../core/i18n';
import { renderAdmin } from '../admin/adminTestKit';
import { AssetTree } from './AssetTree';
import { group, point } from './treeFixtures';
import { ALL, fakeApi, loginAs } from './treeTestKit';

/** 100 groups of 99 points: 10,000 nodes. */
const BIG: TreeNode[] = Array.from({ length: 100 }, (_, g) => [
  group(`g${g}`, 'root', `Group ${g}`),
  ...Array.from({ length: 99 }, (_, p) => point(`g${g}p${p}`, `g${g}`, `Point ${g}.${p}`)),
]).flat();

beforeEach(async () => {
  await i18n.changeLanguage('en');
  fakeApi({ 'GET /tree': BIG });
  loginAs(ALL);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('AssetTree virtualisation', () => {
  it('renders only the rows in view once its height is measured (10,000 nodes)', { timeout: 30000 }, async () => {
    // happy-dom computes no layout: give every element a 400 px height, as the home card would.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    expect(BIG).toHaveLength(10_000);
    renderAdmin(<AssetTree selectedPointId={null} onOpenPoint={() => undefined} />, '/');
    await screen.findByTestId('tree-group-Group 0');
    const rows = document.querySelectorAll('.ant-tree-treenode').length;
    expect(rows).toBeGreaterThan(5);
    expect(rows).toBeLessThan(100);
    expect(document.querySelector('.ant-tree-list-holder')).toBeTruthy();
  });
});
