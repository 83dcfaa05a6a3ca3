import type { z } from 'zod';
import type { telemetryCreateBody, telemetryUpdateBody } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { onUniqueViolation } from '../../infra/db/pg-errors.ts';
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';
import {
  applyDefinitionOrder,
  definitionIds,
  definitionNameTaken,
  deleteDefinitionRow,
  ensureDefinitions,
  findDefinition,
  insertDefinition,
  listDefinitions,
  nextDefinitionOrder,
  setDefaultTelemetry,
  toDefinition,
  updateDefinitionRow,
} from './repo.ts';

/** The validated bodies (defaults applied). */
type TelemetryCreate = z.output<typeof telemetryCreateBody>;
type TelemetryUpdate = z.output<typeof telemetryUpdateBody>;

/**
 * Whether `ids` is a new order of exactly the `known` ids: each of them once, nothing else.
 * @example isReorderOf(['b', 'a'], new Set(['a', 'b'])) // true
 */
export function isReorderOf(ids: readonly string[], known: ReadonlySet<string>): boolean {
  return new Set(ids).size === ids.length && ids.length === known.size && ids.every((id) => known.has(id));
}

/**
 * Creates a telemetry definition of the customer (`POST /telemetry`; spec 002 §7 Admin): its name
 * (code) unique in the customer, appended at the end of the order; with `isDefault` it becomes the
 * default telemetry (and `preferences.defaultTelemetry`), in the same transaction.
 * @throws AppError TELEMETRY_NAME_TAKEN (409)
 */
export async function createDefinition(ctx: AppContext, customerId: string, b: TelemetryCreate) {
  await ensureDefinitions(ctx.db, customerId);
  const id = newId();
  await onUniqueViolation(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        if (await definitionNameTaken(trx, customerId, b.name)) throw new AppError('TELEMETRY_NAME_TAKEN', 'name');
        await insertDefinition(trx, { id, customerId, sortOrder: await nextDefinitionOrder(trx, customerId), body: b });
        if (b.isDefault) await setDefaultTelemetry(trx, customerId, b.name, 'isDefault');
      }),
    'TELEMETRY_NAME_TAKEN',
    'name',
  );
  return toDefinition((await findDefinition(ctx.db, customerId, id))!);
}

/**
 * Puts the customer's definitions in the order given (`PUT /telemetry/order`).
 * @throws AppError VALIDATION (400, param ids) unless `ids` is exactly the customer's ids, each once
 */
export async function reorderDefinitions(ctx: AppContext, customerId: string, ids: string[]) {
  await ctx.db.transaction().execute(async (trx) => {
    if (!isReorderOf(ids, new Set(await definitionIds(trx, customerId)))) throw new AppError('VALIDATION', 'ids');
    await applyDefinitionOrder(trx, customerId, ids);
  });
  return listDefinitions(ctx.db, customerId);
}

/**
 * Edits a definition (`PUT /telemetry/{id}`): display name, unit, hidden, bounds; the name does not
 * change. `isDefault: true` moves the default here (with `preferences.defaultTelemetry`); the default
 * is never unset, only moved.
 * @throws AppError TELEMETRY_NOT_FOUND (404)
 */
export async function updateDefinition(ctx: AppContext, customerId: string, id: string, b: TelemetryUpdate) {
  const existing = await findDefinition(ctx.db, customerId, id);
  if (!existing) throw new AppError('TELEMETRY_NOT_FOUND');
  await ctx.db.transaction().execute(async (trx) => {
    await updateDefinitionRow(trx, customerId, existing.id, b);
    if (b.isDefault && !existing.is_default) await setDefaultTelemetry(trx, customerId, existing.name, 'isDefault');
  });
  return toDefinition((await findDefinition(ctx.db, customerId, existing.id))!);
}

/**
 * Deletes a definition the customer created (`DELETE /telemetry/{id}`): built-in ones are hidden
 * instead, and the default one must stop being the default first. Stored values keep their name.
 * @throws AppError TELEMETRY_NOT_FOUND (404), TELEMETRY_BUILT_IN (409)
 */
export async function deleteDefinition(ctx: AppContext, customerId: string, id: string) {
  const existing = await findDefinition(ctx.db, customerId, id);
  if (!existing) throw new AppError('TELEMETRY_NOT_FOUND');
  // TODO(lead): a code of its own for the default one (proposed TELEMETRY_DEFAULT, 409).
  if (existing.built_in || existing.is_default) throw new AppError('TELEMETRY_BUILT_IN');
  await deleteDefinitionRow(ctx.db, customerId, existing.id);
}
