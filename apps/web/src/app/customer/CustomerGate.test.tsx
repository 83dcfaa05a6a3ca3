import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_PASSWORD_POLICY } from '@overtone/contract';
import i18n from '../../core/i18n';
import { createQueryClient } from '../../core/queryClient';
import { mockApi } from '../testing/mockApi';
import { useCustomer } from '../../core/customer/CustomerContext';
import { CustomerGate } from './CustomerGate';
import { prefetchCustomer } from '../../core/customer/customerApi';

function Policy() {
  const c = useCustomer();
  return <div data-testid="policy">{`${c.name} ${c.passwordPolicy.minCharacter}`}</div>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('CustomerGate', () => {
  it('shows the loading screen until the customer of this host is loaded, then the app with its policy', async () => {
    let answer: (v: [number, unknown]) => void = () => undefined;
    const calls = mockApi({ 'GET /customer/*/summary': () => new Promise((r) => (answer = r)) });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CustomerGate>
          <Policy />
        </CustomerGate>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('loading-screen')).toBeTruthy();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.path).toBe(`/customer/${window.location.hostname}/summary`);
    answer([
      200,
      {
        _id: 'c1',
        name: 'Acme',
        logo: null,
        preferedLanguage: 'tr',
        languages: ['tr'],
        passwordPolicy: { ...DEFAULT_PASSWORD_POLICY, minCharacter: 14 },
      },
    ]);
    expect((await screen.findByTestId('policy')).textContent).toBe('Acme 14');
    expect(screen.queryByTestId('loading-screen')).toBeNull();
  });

  it('shows the warning with the host and a retry when the customer cannot be loaded; the retry loads it', async () => {
    let fail = true;
    const calls = mockApi({
      'GET /customer/*/summary': () =>
        fail
          ? [503, { message: 'down', code: 'INTERNAL' }]
          : [
              200,
              {
                _id: 'c1',
                name: 'Acme',
                logo: null,
                preferedLanguage: 'tr',
                languages: ['tr'],
                passwordPolicy: { ...DEFAULT_PASSWORD_POLICY, minCharacter: 9 },
              },
            ],
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CustomerGate>
          <Policy />
        </CustomerGate>
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(i18n.t('customerLoadFailed'));
    expect(alert.textContent).toContain(i18n.t('customerLoadFailedHint', { host: window.location.hostname }));
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: i18n.t('retry') }));
    expect((await screen.findByTestId('policy')).textContent).toBe('Acme 9');
    expect(calls).toHaveLength(2);
  });
});

describe('a customer load started before the first render (prefetchCustomer, issue 18)', () => {
  const SUMMARY = {
    _id: 'c1',
    name: 'Acme',
    logo: null,
    preferedLanguage: 'tr',
    languages: ['tr'],
    passwordPolicy: { ...DEFAULT_PASSWORD_POLICY, minCharacter: 11 },
  };
  const gate = (client: ReturnType<typeof createQueryClient>) =>
    render(
      <QueryClientProvider client={client}>
        <CustomerGate>
          <Policy />
        </CustomerGate>
      </QueryClientProvider>,
    );

  it('answered already: the gate shows the app at once, without a loading screen or a second request', async () => {
    const calls = mockApi({ 'GET /customer/*/summary': [200, SUMMARY] });
    const client = createQueryClient();
    await prefetchCustomer(client);
    gate(client);
    expect(screen.queryByTestId('loading-screen')).toBeNull();
    expect(screen.getByTestId('policy').textContent).toBe('Acme 11');
    expect(calls).toHaveLength(1);
  });

  it('still in flight: the gate waits for that load, not a second one', async () => {
    let answer: (v: [number, unknown]) => void = () => undefined;
    const calls = mockApi({ 'GET /customer/*/summary': () => new Promise((r) => (answer = r)) });
    const client = createQueryClient();
    void prefetchCustomer(client);
    gate(client);
    expect(screen.getByTestId('loading-screen')).toBeTruthy();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    answer([200, SUMMARY]);
    expect((await screen.findByTestId('policy')).textContent).toBe('Acme 11');
    expect(calls).toHaveLength(1);
  });

  it('failed: not kept, the gate loads the customer itself', async () => {
    let fail = true;
    const calls = mockApi({
      'GET /customer/*/summary': () => (fail ? [503, { message: 'down', code: 'INTERNAL' }] : [200, SUMMARY]),
    });
    const client = createQueryClient();
    await prefetchCustomer(client);
    expect(calls).toHaveLength(1);
    fail = false;
    gate(client);
    expect((await screen.findByTestId('policy')).textContent).toBe('Acme 11');
    expect(calls).toHaveLength(2);
  });
});
