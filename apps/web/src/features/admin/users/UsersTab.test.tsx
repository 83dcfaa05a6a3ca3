import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../../core/i18n';
import { ALL, CUSTOMER, fakeApi, loginAs, renderAdmin, reply, ROLES, USERS, type ApiCall } from '../adminTestKit';
import { UsersTab } from './UsersTab';

let calls: ApiCall[];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  calls = fakeApi({
    'GET /users': USERS,
    'GET /role': ROLES,
    'GET /customer/localhost': CUSTOMER,
    'POST /users': reply(201, USERS[1]),
    [`PUT /users/${USERS[1]._id}`]: USERS[1],
    [`DELETE /users/${USERS[1]._id}`]: { ok: true },
    [`POST /user/${USERS[1]._id}/password`]: { message: 'Password changed' },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** Opens an antd Select (by its data-testid) and picks the option with this text. */
async function pick(testId: string, text: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('input') ?? select);
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options[options.length - 1]);
}

describe('UsersTab', () => {
  it('lists users with role, created date in the customer format and phone with its dialling code', async () => {
    loginAs(ALL);
    renderAdmin(<UsersTab />);
    const row = await screen.findByTestId('user-row-olga@demo.local');
    expect(row.textContent).toContain('Olga Operator');
    expect(row.textContent).toContain('OPERATOR');
    expect(row.textContent).toMatch(/01-04-2024 \d\d:00:00/);
    expect(row.textContent).toContain('+49 1701234567');
  });

  it('filters by the search box', async () => {
    loginAs(ALL);
    renderAdmin(<UsersTab />);
    await screen.findByTestId('user-row-olga@demo.local');
    type('user-search', 'operator');
    await waitFor(() => expect(screen.queryByTestId('user-row-admin@demo.local')).toBeNull());
    expect(screen.getByTestId('user-row-olga@demo.local')).toBeTruthy();
  });

  it('shows actions by permission: nothing without create/update/delete; reset password needs deleteUser and admin', async () => {
    loginAs(['readUser', 'deleteUser'], 'user');
    renderAdmin(<UsersTab />);
    const row = await screen.findByTestId('user-row-olga@demo.local');
    expect(screen.queryByTestId('user-create')).toBeNull();
    expect(within(row).queryByTestId('user-edit')).toBeNull();
    expect(within(row).getByTestId('user-delete')).toBeTruthy();
    expect(within(row).queryByTestId('user-reset-password')).toBeNull();
  });

  it(
    'create: required fields, weak password, then POSTs the user with phone country TR and the second step on',
    { timeout: 20000 },
    async () => {
      loginAs(ALL);
      renderAdmin(<UsersTab />);
      await screen.findByTestId('user-row-olga@demo.local');
      fireEvent.click(screen.getByTestId('user-create'));
      fireEvent.click(await screen.findByTestId('user-dialog-ok'));
      for (const msg of [
        'Please enter the name',
        'Please enter the surname',
        'Please enter the e-mail address',
        'Please enter the password',
        'Please select a role',
      ])
        expect(await screen.findByText(msg)).toBeTruthy();

      // the app's own messages only: the browser validates nothing itself (no native bubble over them)
      expect((screen.getByTestId('user-email').closest('form') as HTMLFormElement).noValidate).toBe(true);
      type('user-email', 'not-an-address');
      expect(await screen.findByText('Please enter a valid e-mail address')).toBeTruthy();
      type('user-phone-number', '532 12x 45 67');
      expect(await screen.findByText('The phone number must have 4 to 15 digits')).toBeTruthy();

      type('user-password', 'short');
      expect(await screen.findByText('Weak Password')).toBeTruthy();
      expect(screen.getByTestId('password-rule-minLength').dataset.met).toBe('false');
      expect(screen.getByTestId('password-rule-lowercase').dataset.met).toBe('true');

      type('user-name', 'Nina');
      type('user-surname', 'New');
      type('user-email', 'nina@demo.local');
      type('user-password', 'Str0ngPassw0rd');
      type('user-phone-number', '532 123 45 67');
      await pick('user-role', 'Operator');
      await waitFor(() => expect(screen.getByTestId('password-rule-minLength').dataset.met).toBe('true'));
      fireEvent.click(screen.getByTestId('user-dialog-ok'));

      await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/users')).toBe(true));
      expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
        name: 'Nina',
        surname: 'New',
        email: 'nina@demo.local',
        password: 'Str0ngPassw0rd',
        phone: { country: 'TR', number: '5321234567' },
        userType: 'user',
        role: ROLES[0]._id,
        mfaEnabled: true,
      });
      expect(await screen.findByText('User created')).toBeTruthy();
    },
  );

  it('edit: no password field; PUTs the changed user with its id', async () => {
    loginAs(ALL);
    renderAdmin(<UsersTab />);
    const row = await screen.findByTestId('user-row-olga@demo.local');
    fireEvent.click(within(row).getByTestId('user-edit'));
    expect(((await screen.findByTestId('user-name')) as HTMLInputElement).value).toBe('Olga');
    expect(screen.queryByTestId('user-password')).toBeNull();
    type('user-surname', 'Operations');
    fireEvent.submit(screen.getByTestId('user-surname'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      _id: USERS[1]._id,
      surname: 'Operations',
      phone: { country: 'DE', number: '1701234567' },
      role: ROLES[0]._id,
    });
  });

  it('reset password: a generated password meeting the policy, set with POST /user/{id}/password; the server message is shown', async () => {
    loginAs(ALL);
    renderAdmin(<UsersTab />);
    const row = await screen.findByTestId('user-row-olga@demo.local');
    // not offered for one's own account
    expect(within(screen.getByTestId('user-row-admin@demo.local')).queryByTestId('user-reset-password')).toBeNull();
    fireEvent.click(within(row).getByTestId('user-reset-password'));
    const value = (await screen.findByTestId('reset-password-value')).textContent!;
    expect(value).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{12}$/);
    fireEvent.click(screen.getByTestId('reset-password-confirm'));
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ password: value });
  });

  it('delete asks for confirmation, then DELETEs', async () => {
    loginAs(ALL);
    renderAdmin(<UsersTab />);
    const row = await screen.findByTestId('user-row-olga@demo.local');
    fireEvent.click(within(row).getByTestId('user-delete'));
    fireEvent.click(await screen.findByTestId('confirm-delete-ok'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === `/users/${USERS[1]._id}`)).toBe(true));
    expect(await screen.findByText('User deleted')).toBeTruthy();
  });
});
