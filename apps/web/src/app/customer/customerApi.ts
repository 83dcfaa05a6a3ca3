import { customer as customerSchema, customerSummary, type Language } from '@overtone/contract';
import { apiRequest } from '../api/apiClient';

/** Date format used when the customer record (and so its preference) could not be loaded. */
export const DEFAULT_DATE_FORMAT = 'DD-MM-YYYY HH:mm:ss';

/** What the client needs of the tenant, from its full record or, failing that, its summary. */
export interface CustomerInfo {
  id: string;
  name: string;
  logo: string | null;
  preferedLanguage: Language;
  dateFormat: string;
  /** Whether the full record was loaded (false: only the public summary). */
  complete: boolean;
}

/**
 * Loads the customer served for `host` (spec 000 §2): `GET /customer/{host}`, and if that
 * fails `GET /customer/{host}/summary`. Both failures reject with the summary's error.
 */
export async function fetchCustomer(host: string, signal?: AbortSignal): Promise<CustomerInfo> {
  const h = encodeURIComponent(host);
  try {
    const c = await apiRequest(`/customer/${h}`, { schema: customerSchema, signal, silent: true });
    return {
      id: c._id,
      name: c.name,
      logo: c.preferences.logo,
      preferedLanguage: c.preferences.localization.preferedLanguage,
      dateFormat: c.preferences.localization.dateFormat || DEFAULT_DATE_FORMAT,
      complete: true,
    };
  } catch (e) {
    if (signal?.aborted) throw e;
    const s = await apiRequest(`/customer/${h}/summary`, { schema: customerSummary, signal, silent: true });
    return {
      id: s._id,
      name: s.name,
      logo: s.logo,
      preferedLanguage: s.preferedLanguage,
      dateFormat: DEFAULT_DATE_FORMAT,
      complete: false,
    };
  }
}
