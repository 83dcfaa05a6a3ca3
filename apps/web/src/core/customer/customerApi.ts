import type { QueryClient } from '@tanstack/react-query';
import { ENDPOINTS, LANGUAGES, type Language, type PasswordPolicy, type TIME_ZONES } from '@overtone/contract';
import { callEndpoint } from '../api/callEndpoint';
import { endpointQueryKey } from '../api/endpointQuery';
import { currentToken } from '../session';

/** Date format used when the customer record (and so its preference) could not be loaded. */
export const DEFAULT_DATE_FORMAT = 'DD-MM-YYYY HH:mm:ss';
/** Time zone used when the customer record could not be loaded: a new customer's (contract default). */
export const DEFAULT_TIME_ZONE: TimeZone = 'GMT+3';

/** A customer time zone preference: a fixed UTC offset such as `GMT+3` (contract `TIME_ZONES`). */
export type TimeZone = (typeof TIME_ZONES)[number];

/** What the client needs of the tenant, from its full record or, failing that, its summary. */
export interface CustomerInfo {
  id: string;
  name: string;
  logo: string | null;
  preferedLanguage: Language;
  /** Interface languages offered (the summary's list; all six with the full record). */
  languages: Language[];
  /** The policy the set-password page's checklist follows (spec 000 §5). */
  passwordPolicy: PasswordPolicy;
  dateFormat: string;
  /**
   * The customer's time zone (`GMT+3`): dates are shown, and date filters computed, in it, whatever
   * the browser's own zone (ui/customerTime.ts).
   */
  timeZone: TimeZone;
  /** Whether the full record was loaded (false: only the public summary). */
  complete: boolean;
}

/**
 * React Query key of the customer served for `host` ({@link fetchCustomer}): keyed by its main
 * operation, `GET /customer/{host}`, with a `variant`, since it holds the {@link CustomerInfo} read
 * from that answer or from the summary's, not the answer itself (that one is the preferences tab's,
 * features/admin/customerRecord.ts).
 */
export const customerQueryKey = (host: string = window.location.hostname) =>
  endpointQueryKey(ENDPOINTS.getCustomerByHost, { params: { host }, variant: 'customerInfo' });

/**
 * Loads the customer again (after a login the full record replaces the summary; after the admin
 * saved the preferences the new logo, policy, date format and time zone apply). The old record stays shown
 * meanwhile, so the loading screen does not come back. Every answer of `GET /customer/{host}` for
 * this host is reloaded: the customer the app shows and the preferences tab's full record.
 */
export const reloadCustomer = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    queryKey: endpointQueryKey(ENDPOINTS.getCustomerByHost, { params: { host: window.location.hostname } }),
  });

/**
 * Loads the customer served for `host` (spec 000 §2): `GET /customer/{host}`, and if that
 * fails `GET /customer/{host}/summary`. Without a token the full record would only answer 401, so
 * the summary is asked for directly. Both failures reject with the summary's error.
 */
export async function fetchCustomer(host: string, signal?: AbortSignal): Promise<CustomerInfo> {
  if (currentToken()) {
    try {
      // A 401 here is not a reason to leave the page: the summary is the fallback, and the
      // session check (GET /me) logs out a stale token.
      const c = await callEndpoint(
        ENDPOINTS.getCustomerByHost,
        { params: { host } },
        { signal, silent: true, redirectOnUnauthorized: false },
      );
      return {
        id: c._id,
        name: c.name,
        logo: c.preferences.logo,
        preferedLanguage: c.preferences.localization.preferedLanguage,
        languages: [...LANGUAGES],
        passwordPolicy: c.preferences.passwordPolicy,
        dateFormat: c.preferences.localization.dateFormat || DEFAULT_DATE_FORMAT,
        timeZone: c.preferences.localization.timeZone,
        complete: true,
      };
    } catch (e) {
      if (signal?.aborted) throw e;
    }
  }
  const s = await callEndpoint(ENDPOINTS.getCustomerSummaryByHost, { params: { host } }, { signal, silent: true });
  return {
    id: s._id,
    name: s.name,
    logo: s.logo,
    preferedLanguage: s.preferedLanguage,
    languages: s.languages.length ? s.languages : [...LANGUAGES],
    passwordPolicy: s.passwordPolicy,
    dateFormat: DEFAULT_DATE_FORMAT,
    timeZone: DEFAULT_TIME_ZONE,
    complete: false,
  };
}

/**
 * Starts loading the customer served for `host` into `client` at once, before React's first render
 * (issue 18: the login page usable at once; app/appQueryClient.ts). CustomerGate's query of the same
 * key takes the load over: TanStack Query shares the one in flight, or answers from its cache when
 * it is in (no loading screen). A failed load is not cached: the gate loads the customer again.
 * @param client the app's query client (the one CustomerGate reads)
 * @param host the host the page is served on
 */
export function prefetchCustomer(client: QueryClient, host: string = window.location.hostname): Promise<void> {
  return client.prefetchQuery({
    queryKey: customerQueryKey(host),
    // no abort signal: the gate's first mount and StrictMode's remount must not cancel the load
    queryFn: () => fetchCustomer(host),
    staleTime: Infinity,
  });
}
