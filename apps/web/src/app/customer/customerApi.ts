import type { QueryClient } from '@tanstack/react-query';
import {
  customer as customerSchema,
  customerSummary,
  LANGUAGES,
  type Language,
  type PasswordPolicy,
  type TIME_ZONES,
} from '@overtone/contract';
import { apiRequest } from '../api/apiClient';
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

/** React Query key of the customer served for `host`. */
export const customerQueryKey = (host: string = window.location.hostname) => ['customer', host] as const;

/**
 * Loads the customer again (after a login the full record replaces the summary; after the admin
 * saved the preferences the new logo, policy, date format and time zone apply). The old record stays shown
 * meanwhile, so the loading screen does not come back.
 */
export const reloadCustomer = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: customerQueryKey() });

/**
 * Loads the customer served for `host` (spec 000 §2): `GET /customer/{host}`, and if that
 * fails `GET /customer/{host}/summary`. Without a token the full record would only answer 401, so
 * the summary is asked for directly. Both failures reject with the summary's error.
 */
export async function fetchCustomer(host: string, signal?: AbortSignal): Promise<CustomerInfo> {
  const h = encodeURIComponent(host);
  if (currentToken()) {
    try {
      // A 401 here is not a reason to leave the page: the summary is the fallback, and the
      // session check (GET /me) logs out a stale token.
      const c = await apiRequest(`/customer/${h}`, {
        schema: customerSchema,
        signal,
        silent: true,
        redirectOnUnauthorized: false,
      });
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
  const s = await apiRequest(`/customer/${h}/summary`, { schema: customerSummary, signal, silent: true });
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

/** The customer's load started before the first render ({@link prefetchCustomer}), and its answer once in. */
interface EarlyCustomer {
  host: string;
  promise: Promise<CustomerInfo>;
  value?: CustomerInfo;
}
let early: EarlyCustomer | null = null;

/**
 * Starts loading the customer served for `host` at once, before React's first render (the language's
 * texts load meanwhile; issue 18: the login page usable at once). CustomerGate takes it over, once:
 * its answer as the query's initial data when already in ({@link takePrefetchedCustomerValue}: no
 * loading screen), else its promise as the query's first load ({@link takePrefetchedCustomer}).
 * A failed prefetch is dropped: the gate loads the customer itself.
 */
export function prefetchCustomer(host: string = window.location.hostname): void {
  if (early) return;
  const entry: EarlyCustomer = { host, promise: fetchCustomer(host) };
  entry.promise.then(
    (value) => {
      entry.value = value;
    },
    () => {
      if (early === entry) early = null;
    },
  );
  early = entry;
}

/** The prefetched load of `host`'s customer, taken once (null: none started, taken already, or failed). */
export function takePrefetchedCustomer(host: string): Promise<CustomerInfo> | null {
  if (!early || early.host !== host) return null;
  const { promise } = early;
  early = null;
  return promise;
}

/** The prefetched customer of `host` when its answer is in, taken once; undefined otherwise (the prefetch stays). */
export function takePrefetchedCustomerValue(host: string): CustomerInfo | undefined {
  if (!early || early.host !== host || !early.value) return undefined;
  const { value } = early;
  early = null;
  return value;
}
