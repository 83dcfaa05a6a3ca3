import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../core/i18n';
import { groupTagCodeAsTyped } from './groupTagCode';
import { PLANT } from './treeFixtures';
import { ALL, clickMenu, fakeApi, loginAs, openMenu, renderTree } from './treeTestKit';

let api: ReturnType<typeof fakeApi>;
const treeLoads = () => api.filter((c) => c.method === 'GET' && c.path === '/tree').length;
const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api = fakeApi({
    'GET /tree': PLANT,
    'POST /tree/group/root/group': { _id: 'g-new' },
    'POST /tree/group/g-spare/group': { _id: 'g-new' },
    'GET /tree/group/g-line1': {
      _id: 'g-line1',
      name: 'Line 1',
      tagCode: '#LINE 1',
      parent: 'g-plant',
      nodeType: 'group',
      children: [],
    },
    'PUT /tree/group/g-line1': undefined,
  });
  loginAs(ALL);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('group tag code as typed (spec 000 §5)', () => {
  it('drops the prefix, upper-cases, keeps letters, digits and spaces', () => {
    expect(groupTagCodeAsTyped('#ab-c d')).toBe('ABC D');
    expect(groupTagCodeAsTyped('  pump_1 ')).toBe('PUMP1 ');
    expect(groupTagCodeAsTyped('ışık 2')).toBe('IŞIK 2');
    expect(groupTagCodeAsTyped('%%')).toBe('');
    expect(groupTagCodeAsTyped(undefined)).toBe('');
  });
});

describe('GroupFormDialog (spec 000 §5 "Group form")', () => {
  it('create root group: validates, sanitises the tag code as typed and POSTs to root', async () => {
    await renderTree();
    fireEvent.click(screen.getByTestId('tree-create-root-group'));
    await screen.findByTestId('group-form-dialog');
    expect(screen.getByText('Create root group')).toBeTruthy();

    // Name is checked on blur.
    fireEvent.focus(input('group-name'));
    fireEvent.blur(input('group-name'));
    expect(await screen.findByText('Please enter a name')).toBeTruthy();

    // Tag code is checked as it changes, and shown sanitised after its '#'.
    fireEvent.change(input('group-tag-code'), { target: { value: 'x' } });
    fireEvent.change(input('group-tag-code'), { target: { value: '' } });
    expect(await screen.findByText('Please input the tag code')).toBeTruthy();
    fireEvent.change(input('group-tag-code'), { target: { value: '#north-hall 2!' } });
    await waitFor(() => expect(input('group-tag-code').value).toBe('NORTHHALL 2'));
    expect(input('group-tag-code').closest('.ant-input-affix-wrapper')!.textContent).toContain('#');

    fireEvent.change(input('group-name'), { target: { value: ' North hall ' } });
    const loadsBefore = treeLoads();
    fireEvent.click(screen.getByTestId('group-form-ok'));
    await waitFor(() => expect(api.some((c) => c.method === 'POST')).toBe(true));
    const post = api.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/tree/group/root/group');
    expect(post.body).toEqual({ name: 'North hall', tagCode: 'NORTHHALL 2' });
    expect(await screen.findByText('Group created')).toBeTruthy();
    await waitFor(() => expect(treeLoads()).toBe(loadsBefore + 1));
  });

  it('does not send an empty form', async () => {
    await renderTree();
    fireEvent.click(screen.getByTestId('tree-create-root-group'));
    await screen.findByTestId('group-form-dialog');
    fireEvent.click(screen.getByTestId('group-form-ok'));
    expect(await screen.findByText('Please input the tag code')).toBeTruthy();
    expect(screen.getByText('Please enter a name')).toBeTruthy();
    expect(api.some((c) => c.method === 'POST')).toBe(false);
  });

  it('create group from a group menu POSTs under that group', async () => {
    await renderTree();
    await openMenu('Spare');
    clickMenu('createGroup');
    await screen.findByTestId('group-form-dialog');
    fireEvent.change(input('group-name'), { target: { value: 'Bay A' } });
    fireEvent.change(input('group-tag-code'), { target: { value: 'bay a' } });
    fireEvent.click(screen.getByTestId('group-form-ok'));
    await waitFor(() => expect(api.some((c) => c.method === 'POST')).toBe(true));
    expect(api.find((c) => c.method === 'POST')).toMatchObject({
      path: '/tree/group/g-spare/group',
      body: { name: 'Bay A', tagCode: 'BAY A' },
    });
  });

  it('edit loads the group, shows its tag code without the prefix and PUTs name and tag code', async () => {
    await renderTree();
    await openMenu('Line 1');
    clickMenu('edit');
    await screen.findByTestId('group-form-dialog');
    await waitFor(() => expect(input('group-name').value).toBe('Line 1'));
    expect(input('group-tag-code').value).toBe('LINE 1');
    fireEvent.change(input('group-name'), { target: { value: 'Line One' } });
    fireEvent.click(screen.getByTestId('group-form-ok'));
    await waitFor(() => expect(api.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/tree/group/g-line1',
      body: { name: 'Line One', tagCode: 'LINE 1' },
    });
    expect(await screen.findByText('Group updated')).toBeTruthy();
  });
});
