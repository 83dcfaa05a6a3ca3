/** Host names are matched case-insensitively, without a port and without a trailing dot. */
export const normalizeHost = (host: string) => host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');

/** A DNS name (RFC 1123 labels) or an IPv4 address: what a customer may be served on. */
export function isValidHost(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return host.split('.').every((o) => Number(o) <= 255);
  return host.split('.').every((label) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(label));
}
