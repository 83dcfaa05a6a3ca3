import { sql, type RawBuilder } from 'kysely';
import { DEVICE_MAC_PREFIXES, type DeviceKind } from '@overtone/contract';

/**
 * SQL condition: the MAC in `column` is of this kind, by the contract's prefix rule
 * (`deviceKindOf`, `DEVICE_MAC_PREFIXES`; spec 002 §9), case-insensitive.
 * @param column a column reference, e.g. `mac` or `d.mac`
 */
export function macOfKind(column: string, kind: DeviceKind): RawBuilder<boolean> {
  const mac = sql`upper(${sql.ref(column)})`;
  if (kind !== 'SENSEWAY') return sql<boolean>`${mac} LIKE ${`${DEVICE_MAC_PREFIXES[kind]}%`}`;
  return sql<boolean>`${mac} NOT LIKE ${`${DEVICE_MAC_PREFIXES.TRIGGER}%`} AND ${mac} NOT LIKE ${`${DEVICE_MAC_PREFIXES.DUCK}%`}`;
}
