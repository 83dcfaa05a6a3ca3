import { normalizeRoleNameOnCreate, normalizeRoleNameOnEdit } from '@overtone/contract';

/**
 * The role name as typed (spec 002 §5): upper-cased, only letters, space and underscore on create
 * (digits too on edit), leading blanks removed. The contract's normalisers also trim the end, which
 * would swallow a space between two words while it is being typed; one trailing space is kept here
 * and the contract trims it when the form is saved.
 */
export function roleNameAsTyped(raw: string, mode: 'create' | 'edit'): string {
  const normalized = (mode === 'create' ? normalizeRoleNameOnCreate : normalizeRoleNameOnEdit)(raw);
  return normalized && /\s$/.test(raw) ? `${normalized} ` : normalized;
}

/** The role name as saved. */
export const roleNameOnSave = (raw: string, mode: 'create' | 'edit') =>
  (mode === 'create' ? normalizeRoleNameOnCreate : normalizeRoleNameOnEdit)(raw);
