import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../../core/i18n';
import { ALL, fakeApi, loginAs, PERMISSION_ENTRIES, renderAdmin, reply, ROLES, USERS } from '../adminTestKit';
import { RolesTab } from './RolesTab';

let api: ReturnType<typeof fakeApi>;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api = fakeApi({
    'GET /role': ROLES,
    'GET /users': USERS,
    'GET /permissions': PERMISSION_ENTRIES,
    'POST /role': reply(201, ROLES[0]),
    [`PUT /role/${ROLES[0]._id}`]: ROLES[0],
    [`DELETE /role/${ROLES[0]._id}`]: reply(409, {
      message: 'The role is assigned to users; assign them another role first',
      code: 'ROLE_IN_USE',
    }),
  });
  loginAs(ALL);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const categoryCheck = (category: string) => screen.getByTestId(`perm-category-check-${category}`);
const stateOf = (category: string) => categoryCheck(category).closest('[data-state]')?.getAttribute('data-state');

describe('RolesTab', () => {
  it('lists roles with display name and user count', async () => {
    renderAdmin(<RolesTab />);
    const row = await screen.findByTestId('role-row-OPERATOR');
    expect(row.textContent).toContain('Operator');
    expect(within(row).getAllByRole('cell')[2].textContent).toBe('1');
  });

  it(
    'create: the name is normalised as typed, category boxes are tri-state, and the role is POSTed',
    { timeout: 20000 },
    async () => {
      renderAdmin(<RolesTab />);
      await screen.findByTestId('role-row-OPERATOR');
      fireEvent.click(screen.getByTestId('role-create'));
      const name = (await screen.findByTestId('role-name')) as HTMLInputElement;
      fireEvent.change(name, { target: { value: 'field-tech 2 ' } });
      expect(name.value).toBe('FIELDTECH ');
      fireEvent.change(name, { target: { value: 'FIELDTECH team' } });
      expect(name.value).toBe('FIELDTECH TEAM');

      await screen.findByTestId('perm-readUser');
      expect(stateOf('user')).toBe('none');
      fireEvent.click(screen.getByTestId('perm-readUser'));
      expect(stateOf('user')).toBe('some');
      fireEvent.click(categoryCheck('user'));
      expect(stateOf('user')).toBe('all');
      expect(screen.getByTestId('perm-deleteUser').getAttribute('aria-checked')).toBe('true');
      fireEvent.click(categoryCheck('role'));
      fireEvent.click(categoryCheck('role'));
      expect(stateOf('role')).toBe('none');
      fireEvent.click(screen.getByTestId('perm-readMeasurement'));

      fireEvent.click(screen.getByTestId('role-dialog-ok'));
      await waitFor(() => expect(api.some((c) => c.method === 'POST')).toBe(true));
      const body = api.find((c) => c.method === 'POST')!.body as { name: string; permissions: string[] };
      expect(body.name).toBe('FIELDTECH TEAM');
      expect([...body.permissions].sort()).toEqual(['createUser', 'deleteUser', 'readMeasurement', 'readUser', 'updateUser']);
      expect(await screen.findByText('Role created')).toBeTruthy();
    },
  );

  it('offers only the permissions the user holds (nobody grants what they do not hold)', { timeout: 20000 }, async () => {
    loginAs(['readRole', 'createRole', 'readUser', 'createUser'], 'user');
    renderAdmin(<RolesTab />);
    await screen.findByTestId('role-row-OPERATOR');
    fireEvent.click(screen.getByTestId('role-create'));
    await screen.findByTestId('perm-readUser');
    const isDisabled = (key: string) => screen.getByTestId(`perm-${key}`).classList.contains('ant-switch-disabled');
    expect(isDisabled('readUser')).toBe(false);
    expect(isDisabled('deleteUser')).toBe(true);
    expect(isDisabled('deletePoint')).toBe(true);
    // The category box turns on only what the user holds; a category with nothing held is off.
    fireEvent.click(categoryCheck('user'));
    expect(screen.getByTestId('perm-createUser').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('perm-deleteUser').getAttribute('aria-checked')).toBe('false');
    expect(categoryCheck('point').closest('.ant-checkbox-wrapper')?.classList.contains('ant-checkbox-wrapper-disabled')).toBe(
      true,
    );
  });

  it('edit opens with the role permissions checked and PUTs name and permissions', { timeout: 20000 }, async () => {
    renderAdmin(<RolesTab />);
    fireEvent.click(within(await screen.findByTestId('role-row-OPERATOR')).getByTestId('role-edit'));
    expect((await screen.findByTestId('perm-readPoint')).getAttribute('aria-checked')).toBe('true');
    expect(stateOf('point')).toBe('some');
    fireEvent.click(screen.getByTestId('perm-readPoint'));
    fireEvent.click(screen.getByTestId('role-dialog-ok'));
    await waitFor(() => expect(api.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.find((c) => c.method === 'PUT')!.body).toMatchObject({
      _id: ROLES[0]._id,
      name: 'OPERATOR',
      permissions: ['readMeasurement'],
    });
  });

  it('assign users: a searchable table with the role users selected; PUTs the selected list', { timeout: 20000 }, async () => {
    renderAdmin(<RolesTab />);
    fireEvent.click(within(await screen.findByTestId('role-row-OPERATOR')).getByTestId('role-assign-users'));
    const olga = await screen.findByTestId('assign-user-row-olga@demo.local');
    expect((within(olga).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByTestId('assign-users-search'), { target: { value: 'admin@' } });
    await waitFor(() => expect(screen.queryByTestId('assign-user-row-olga@demo.local')).toBeNull());
    fireEvent.click(within(screen.getByTestId('assign-user-row-admin@demo.local')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('assign-users-ok'));
    await waitFor(() => expect(api.some((c) => c.method === 'PUT')).toBe(true));
    expect((api.find((c) => c.method === 'PUT')!.body as { user: string[] }).user.sort()).toEqual(
      [USERS[0]._id, USERS[1]._id].sort(),
    );
  });

  it('delete of a role in use: the server 409 is shown by the API client', async () => {
    renderAdmin(<RolesTab />);
    fireEvent.click(within(await screen.findByTestId('role-row-OPERATOR')).getByTestId('role-delete'));
    fireEvent.click(await screen.findByTestId('confirm-delete-ok'));
    await waitFor(() => expect(api.notifyError).toHaveBeenCalled());
    expect(api.notifyError.mock.calls[0][0]).toMatch(/assign/i);
    expect(screen.queryByText('Role deleted')).toBeNull();
  });
});
