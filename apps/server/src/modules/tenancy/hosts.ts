/** Host names are matched case-insensitively, without a port and without a trailing dot. */
export const normalizeHost = (host: string) => host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');

/** A DNS name (RFC 1123 labels) or an IPv4 address: what a customer may be served on. */
export function isValidHost(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return host.split('.').every((o) => Number(o) <= 255);
  return host.split('.').every((label) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(label));
}

/** A request's host as parsed from its Host header (or a trusted X-Forwarded-Host). */
export interface RequestHost {
  /** Lower-cased, without a trailing dot: a DNS name, an IPv4 address or a bracketed IPv6 literal. */
  hostname: string;
  /** The explicit port (1–65535), or null when the header names none. */
  port: number | null;
}

/**
 * Parses a Host header value strictly (RFC 9110 §7.2: `uri-host [":" port]`), for the tenant lookup
 * and nothing else: anything that is not a host name (RFC 1123 labels), an IPv4 address or an IPv6
 * literal, followed by an optional decimal port, is refused: no user info (`a@b`), path, spaces,
 * second colon or empty value.
 * @param raw the header's value as received (any case)
 * @returns the parsed host, or null when malformed (the caller answers 400 HOST_INVALID)
 * @example parseRequestHost('Acme.Example.com.:8443') // {hostname: 'acme.example.com', port: 8443}
 */
export function parseRequestHost(raw: string): RequestHost | null {
  if (raw.length === 0 || raw.length > 300) return null;
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(raw);
  if (!m) return null;
  const port = m[2] === undefined ? null : Number(m[2]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  const hostname = m[1]!.toLowerCase().replace(/\.$/, '');
  if (hostname.startsWith('[')) return { hostname, port };
  return isValidHost(hostname) ? { hostname, port } : null;
}
