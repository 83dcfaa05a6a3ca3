import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { DEFAULT_PASSWORD_POLICY, LANGUAGES, type Session } from '@overtone/contract';
import { CustomerContext } from '../../core/customer/CustomerContext';
import type { CustomerInfo } from '../../core/customer/customerApi';
import { createQueryClient } from '../../core/queryClient';

/** The tenant the component tests run under. */
export const TEST_CUSTOMER: CustomerInfo = {
  id: 'c0ffee000000000000000001',
  name: 'Demo Plant',
  logo: null,
  preferedLanguage: 'tr',
  languages: [...LANGUAGES],
  passwordPolicy: { ...DEFAULT_PASSWORD_POLICY, minCharacter: 10, requiresSpecialCharacters: true },
  dateFormat: 'DD-MM-YYYY HH:mm:ss',
  timeZone: 'GMT+3',
  complete: false,
};

/** A stored session for tests. */
export const TEST_SESSION: Session = {
  token: 'session-token',
  permissions: ['readMeasurement'],
  passwordChanged: true,
  userId: '65f0c0ffee0000000000abcd',
  name: 'Ada',
  surname: 'Lovelace',
  role: 'user',
  userGuidingShown: true,
  mfa_id: null,
};

/**
 * Renders `routes` in a memory router at `initialEntry`, with a fresh query cache, Ant Design's
 * App context and the customer. Returns the router (its `state.location` says where it went).
 */
export function renderApp(
  routes: RouteObject[],
  { initialEntry = '/', customer = TEST_CUSTOMER, wrap = (n: ReactNode) => n } = {} as {
    initialEntry?: string;
    customer?: CustomerInfo;
    wrap?: (node: ReactNode) => ReactNode;
  },
) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <CustomerContext.Provider value={customer}>{wrap(<RouterProvider router={router} />)}</CustomerContext.Provider>
      </AntApp>
    </QueryClientProvider>,
  );
  return { router, queryClient, ...result };
}

/** Where the memory router is now: path plus query string. */
export const locationOf = (router: ReturnType<typeof createMemoryRouter>) =>
  router.state.location.pathname + router.state.location.search;
