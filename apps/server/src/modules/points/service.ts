import type { Transaction } from 'kysely';
import type { PointFormBody, PointSaveAnswer } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../infra/db/schema.ts';
import { AppError } from '../../infra/errors.ts';
import { newId } from '../../infra/ids.ts';
import {
  TAG_PREFIX,
  assertCanHoldPoint,
  assertTagCodeFree,
  findNode,
  groupOrThrow,
  inTreeTransaction,
  nextSortOrder,
} from '../tree/rules.ts';
import { deleteNode } from '../tree/repo.ts';
import { definitionNameTaken } from '../telemetry/repo.ts';
import { storedPointData } from './form.ts';
import { deleteObjects, imageTypeOf, presignImageUpload } from './images.ts';
import {
  bearingVisibleTo,
  deleteImageRows,
  detachTelemetryFromPoint,
  insertPointNode,
  movePointNode,
  updatePointNode,
} from './repo.ts';

/**
 * The stored data of a form (form.ts `storedPointData`), with its references checked in the
 * customer's scope.
 * @throws AppError BEARING_NOT_FOUND (param bearing) for a bearing that is neither in the catalogue
 *   nor the customer's own; TELEMETRY_NOT_FOUND (param favoriteTelemetry) for a telemetry name the
 *   customer has no definition of
 */
async function checkedData(trx: Transaction<DB>, customerId: string, body: PointFormBody) {
  const data = storedPointData(body);
  if (data.bearingId && !(await bearingVisibleTo(trx, customerId, data.bearingId)))
    throw new AppError('BEARING_NOT_FOUND', 'bearing');
  if (data.favoriteTelemetry !== null && !(await definitionNameTaken(trx, customerId, data.favoriteTelemetry)))
    throw new AppError('TELEMETRY_NOT_FOUND', 'favoriteTelemetry');
  return data;
}

/**
 * Creates a point in a group (spec 000 §3, §7 `POST /group/{parentGroupId}/point`): the group must be
 * a non-root group of the customer holding no groups, the tag code unique (tree/rules.ts); the point
 * goes last in the group. With `imageBool`, answers a presigned POST for its first image.
 * @throws AppError GROUP_NOT_FOUND, ROOT_GROUP_LOCKED, GROUP_HAS_GROUPS, TAG_CODE_TAKEN,
 *   BEARING_NOT_FOUND, TELEMETRY_NOT_FOUND, IMAGE_INVALID
 */
export async function createPoint(
  ctx: AppContext,
  customerId: string,
  parentGroupId: string,
  body: PointFormBody,
): Promise<PointSaveAnswer> {
  if (body.imageBool) imageTypeOf(body.imageName);
  const id = newId();
  await inTreeTransaction(ctx.db, customerId, async (trx) => {
    const parent = await groupOrThrow(trx, customerId, parentGroupId, 'parentGroupId');
    await assertCanHoldPoint(trx, customerId, parent);
    const tagCode = TAG_PREFIX.point + body.tagCode;
    await assertTagCodeFree(trx, customerId, tagCode);
    const data = await checkedData(trx, customerId, body);
    await insertPointNode(trx, {
      id,
      customerId,
      parentId: parent.id,
      name: body.name,
      tagCode,
      sortOrder: await nextSortOrder(trx, customerId, parent.id),
      data,
    });
  });
  return { _id: id, S3URL: body.imageBool ? presignImageUpload(ctx, customerId, id, body.imageName) : null };
}

/**
 * Moves a point to another group (tree move mode, spec 000 §7 `PUT /point/{id}` with `tagGroup`):
 * the same rules as creating it there; it goes last. Moving it where it is changes nothing.
 * @throws AppError POINT_NOT_FOUND, GROUP_NOT_FOUND, ROOT_GROUP_LOCKED, GROUP_HAS_GROUPS
 */
export async function movePoint(ctx: AppContext, customerId: string, pointId: string, groupId: string): Promise<PointSaveAnswer> {
  await inTreeTransaction(ctx.db, customerId, async (trx) => {
    const p = await findNode(trx, customerId, pointId, 'point');
    if (!p) throw new AppError('POINT_NOT_FOUND');
    if (p.parent_id === groupId) return;
    const parent = await groupOrThrow(trx, customerId, groupId, 'tagGroup');
    await assertCanHoldPoint(trx, customerId, parent);
    await movePointNode(trx, customerId, p.id, parent.id, await nextSortOrder(trx, customerId, parent.id));
  });
  return { _id: pointId, S3URL: null };
}

/**
 * Replaces a point's form (spec 000 §7 `PUT /point/{id}` with the full form): name, tag code and
 * data, the images named in `deleteImage` removed (their objects after the commit).
 * @throws AppError POINT_NOT_FOUND, TAG_CODE_TAKEN, BEARING_NOT_FOUND, TELEMETRY_NOT_FOUND, IMAGE_INVALID
 */
export async function editPoint(
  ctx: AppContext,
  customerId: string,
  pointId: string,
  body: PointFormBody,
): Promise<PointSaveAnswer> {
  if (body.imageBool) imageTypeOf(body.imageName);
  const removed = await inTreeTransaction(ctx.db, customerId, async (trx) => {
    const p = await findNode(trx, customerId, pointId, 'point');
    if (!p) throw new AppError('POINT_NOT_FOUND');
    const tagCode = TAG_PREFIX.point + body.tagCode;
    await assertTagCodeFree(trx, customerId, tagCode, p.id);
    const data = await checkedData(trx, customerId, body);
    await updatePointNode(trx, customerId, p.id, { name: body.name, tagCode, data });
    return deleteImageRows(trx, customerId, p.id, body.deleteImage);
  });
  await deleteObjects(ctx, removed);
  return { _id: pointId, S3URL: body.imageBool ? presignImageUpload(ctx, customerId, pointId, body.imageName) : null };
}

/**
 * Deletes a point (spec 000 §7 `DELETE /point/{id}`): its measurements and telemetry values stay
 * with no point, its sensor is detached, it leaves every route (foreign keys), its images go (the
 * objects after the commit).
 * @throws AppError POINT_NOT_FOUND
 */
export async function deletePoint(ctx: AppContext, customerId: string, pointId: string): Promise<void> {
  const removed = await inTreeTransaction(ctx.db, customerId, async (trx) => {
    const p = await findNode(trx, customerId, pointId, 'point');
    if (!p) throw new AppError('POINT_NOT_FOUND');
    const keys = await deleteImageRows(trx, customerId, p.id, 'all');
    await detachTelemetryFromPoint(trx, customerId, p.id);
    await deleteNode(trx, customerId, p.id);
    return keys;
  });
  await deleteObjects(ctx, removed);
}
