import type { DuckConfig } from '@overtone/contract';

/**
 * The sensors a Duck configuration adds to the stored one: per sensor type (`name`), those beyond
 * the stored count. Adding a sensor is what the `addSensor` permission names (spec 000 §6, spec 002
 * §6 "readGateway, addSensor"); changing or removing the Duck's existing sensors needs updateGateway
 * only (docs/ducks.md "Endpoints").
 *
 * Parameters
 * ----------
 * stored : DuckConfig
 *     The Duck's saved configuration.
 * next : DuckConfig
 *     The configuration being saved.
 *
 * Returns
 * -------
 * string[]
 *     The added sensors' type names, one per added sensor (empty when none is added).
 *
 * Examples
 * --------
 *     addedSensors({ …sensors: [acc] }, { …sensors: [acc, current] }) // ['current']
 */
export function addedSensors(stored: DuckConfig, next: DuckConfig): string[] {
  const had = new Map<string, number>();
  for (const s of stored.sensors) had.set(s.name, (had.get(s.name) ?? 0) + 1);
  const added: string[] = [];
  for (const s of next.sensors) {
    const left = had.get(s.name) ?? 0;
    if (left > 0) had.set(s.name, left - 1);
    else added.push(s.name);
  }
  return added;
}
