/**
 * A URL fit to print: its password (e.g. MQTT_URL's `mqtt://overtone:<password>@host:1883`)
 * replaced by `***`, so it never reaches a console or a log.
 * @param url any string; one that is not a URL is not printed at all
 * @returns the URL without its password, or `(not a URL)`
 */
export function withoutPassword(url: string): string {
  try {
    const u = new URL(url);
    if (!u.host) return '(not a URL)'; // `user:secret` parses as a scheme and a path
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(not a URL)';
  }
}
