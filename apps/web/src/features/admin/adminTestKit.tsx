/**
 * Test helpers of the admin feature (imported by its *.test.tsx only): a fake API answering by
 * `METHOD /path`, the providers the tabs need, and fixtures shaped by the contract.
 */
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import {
  DEFAULT_PASSWORD_POLICY,
  LANGUAGES,
  PERMISSION_CATEGORIES,
  PERMISSIONS,
  type Customer,
  type GatewayItem,
  type Permission,
  type PermissionEntry,
  type Role,
  type TelemetryDefinition,
  type User,
} from '@overtone/contract';
import { configureApiClient } from '../../core/api/apiClient';
import { CustomerContext } from '../../core/customer/CustomerContext';
import type { CustomerInfo } from '../../core/customer/customerApi';
import { createQueryClient } from '../../core/queryClient';
import { sessionStore } from '../../core/session';

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: ApiCall) => unknown;
/** Answer of a route: a JSON body (status 200), a handler, or `{ status, body }`. */
export type Routes = Record<string, unknown>;

export const reply = (status: number, body: unknown) => ({ __reply: true, status, body });

/**
 * Replaces `fetch` with a fake API. Unknown routes answer 404. Returns the recorded calls, and the
 * API client's error toasts as `notifyError`.
 */
export function fakeApi(routes: Routes): ApiCall[] & { notifyError: ReturnType<typeof vi.fn> } {
  const calls: ApiCall[] = [];
  const notifyError = vi.fn();
  configureApiClient({ notifyError, redirectToLogin: vi.fn() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const path = url.pathname.replace(/^\/api/, '');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const call: ApiCall = {
        method,
        path,
        query: url.searchParams,
        body,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const key = `${method} ${path}`;
      if (!(key in routes)) return new Response(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }), { status: 404 });
      const route = routes[key];
      let answer = typeof route === 'function' ? (route as Handler)(call) : route;
      answer = await answer;
      let status = 200;
      if (answer && typeof answer === 'object' && '__reply' in answer) {
        const r = answer as unknown as { status: number; body: unknown };
        status = r.status;
        answer = r.body;
      }
      return new Response(answer === undefined ? '' : JSON.stringify(answer), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return Object.assign(calls, { notifyError });
}

/** Stores a session holding `permissions` (user type admin unless told otherwise). */
export function loginAs(permissions: readonly Permission[], role: 'admin' | 'user' = 'admin', userId = SELF_ID) {
  sessionStore.set({
    token: 'tok',
    permissions: [...permissions],
    passwordChanged: true,
    userId,
    name: 'Ada',
    surname: 'Admin',
    role,
    userGuidingShown: true,
    mfa_id: null,
  });
}

const customerInfo: CustomerInfo = {
  id: 'c1',
  name: 'Demo',
  logo: null,
  preferedLanguage: 'tr',
  languages: [...LANGUAGES],
  passwordPolicy: DEFAULT_PASSWORD_POLICY,
  dateFormat: 'DD-MM-YYYY HH:mm:ss',
  timeZone: 'GMT+3',
  complete: true,
};

/** Renders `ui` with a fresh query cache, Ant Design's App, the customer and a router at `path`. */
export function renderAdmin(ui: ReactNode, path = '/admin') {
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <CustomerContext.Provider value={customerInfo}>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </CustomerContext.Provider>
      </AntApp>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

const id = (n: number) => n.toString(16).padStart(24, '0');
export const SELF_ID = id(1);

export const ROLES: Role[] = [
  { _id: id(101), name: 'OPERATOR', displayName: 'Operator', permissions: ['readMeasurement', 'readPoint'], user: [id(2)] },
  { _id: id(102), name: 'ADMINS', displayName: 'Admins', permissions: [...PERMISSIONS], user: [SELF_ID] },
];

export const USERS: User[] = [
  {
    _id: SELF_ID,
    name: 'Ada',
    surname: 'Admin',
    email: 'admin@demo.local',
    phone: null,
    userType: 'admin',
    role: ROLES[1]._id,
    roleName: 'ADMINS',
    mfaEnabled: false,
    isMobile: false,
    passwordChanged: true,
    createdAt: '2024-03-05T08:09:10.000Z',
  },
  {
    _id: id(2),
    name: 'Olga',
    surname: 'Operator',
    email: 'olga@demo.local',
    phone: { country: 'DE', number: '1701234567' },
    userType: 'user',
    role: ROLES[0]._id,
    roleName: 'OPERATOR',
    mfaEnabled: true,
    isMobile: false,
    passwordChanged: false,
    createdAt: '2024-04-01T10:00:00.000Z',
  },
];

export const PERMISSION_ENTRIES: PermissionEntry[] = Object.entries(PERMISSION_CATEGORIES).flatMap(([category, keys]) =>
  keys.map((k) => ({ _id: k, name: k, category })),
);

export const CUSTOMER: Customer = {
  _id: 'c1',
  name: 'Demo',
  preferences: {
    logo: null,
    passwordPolicy: {
      minCharacter: 8,
      requiresUpperCaseLetters: true,
      requiresLowerCaseLetters: true,
      requiresNumbers: true,
      requiresSpecialCharacters: false,
    },
    localization: { dateFormat: 'DD-MM-YYYY HH:mm:ss', preferedLanguage: 'tr', timeZone: 'GMT+3' },
    defaultTelemetry: 'GRMS',
    alarm: {
      mailReceivers: ['ops@demo.local'],
      notificationReceivers: [],
      enableSensewayAlarm: false,
      frequencyAlarmMail: 0,
      autoAlarms: { crest_star: false },
      alarmLevel: 1,
    },
    mainsFrequencyHz: 50,
  },
};

export const TELEMETRY: TelemetryDefinition[] = [
  { _id: id(201), name: 'GRMS', displayName: 'GRMS', unit: 'g', hidden: false, minValue: null, maxValue: null, isDefault: true, builtIn: true, order: 0 },
  { _id: id(202), name: 'VRMS', displayName: 'VRMS', unit: 'mm/s', hidden: false, minValue: 0, maxValue: 50, isDefault: false, builtIn: true, order: 1 },
  { _id: id(203), name: 'OIL_TEMP', displayName: 'Oil temperature', unit: '°C', hidden: true, minValue: -20, maxValue: 120, isDefault: false, builtIn: false, order: 2 },
]; // prettier-ignore

export const GATEWAYS: GatewayItem[] = [
  {
    _id: 'g1',
    macAddress: 'AA:BB:CC:00:00:01',
    type: 'SENSEWAY',
    connectionStatus: 'connected',
    connectionDate: '2024-05-06T07:08:09.000Z',
    credentials: { issuedAt: '2024-05-01T09:00:00.000Z', revokedAt: null },
    availableDevices: [
      {
        _id: { device: 'D1:00:00:00:00:01', gateway: 'AA:BB:CC:00:00:01' },
        rssi: -50,
        scannedAt: '2024-05-06T07:00:00.000Z',
        claimable: false,
      },
      {
        _id: { device: 'D1:00:00:00:00:02', gateway: 'AA:BB:CC:00:00:01' },
        rssi: -90,
        scannedAt: '2024-05-06T07:00:00.000Z',
        claimable: true,
      },
    ],
  },
  {
    _id: 'g2',
    macAddress: 'CA:B8:25:00:00:02',
    type: 'TRIGGER',
    connectionStatus: null,
    connectionDate: null,
    credentials: null,
    availableDevices: [],
  },
];

/** Every permission, as the seeded admin holds them. */
export const ALL: readonly Permission[] = PERMISSIONS;
