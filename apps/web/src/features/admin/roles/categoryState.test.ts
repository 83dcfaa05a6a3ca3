import { describe, expect, it } from 'vitest';
import { categoryState, groupPermissions, toggleCategory, togglePermission } from './categoryState';

const keys = ['readUser', 'createUser', 'updateUser'];

describe('role category checkbox (spec 002 §4)', () => {
  it('is checked with all, indeterminate with some, unchecked with none', () => {
    expect(categoryState(keys, new Set(keys))).toBe('all');
    expect(categoryState(keys, new Set(['createUser', 'readRole']))).toBe('some');
    expect(categoryState(keys, new Set(['readRole']))).toBe('none');
  });

  it('clicking turns all on (from none or some) and all off (from all), leaving other categories alone', () => {
    expect(toggleCategory(keys, ['readRole'])).toEqual(['readRole', ...keys]);
    expect(toggleCategory(keys, ['readRole', 'createUser'])).toEqual(['readRole', 'createUser', 'readUser', 'updateUser']);
    expect(toggleCategory(keys, ['readRole', ...keys])).toEqual(['readRole']);
  });

  it('switches one permission', () => {
    expect(togglePermission('readUser', true, ['readRole'])).toEqual(['readRole', 'readUser']);
    expect(togglePermission('readUser', false, ['readUser', 'readRole'])).toEqual(['readRole']);
    expect(togglePermission('readUser', true, ['readUser'])).toEqual(['readUser']);
  });

  it('groups permissions by category in the order the server lists them', () => {
    const groups = groupPermissions([
      { _id: 'readUser', name: 'readUser', category: 'user' },
      { _id: 'readRole', name: 'readRole', category: 'role' },
      { _id: 'createUser', name: 'createUser', category: 'user' },
    ]);
    expect(groups).toEqual([
      { category: 'user', keys: ['readUser', 'createUser'] },
      { category: 'role', keys: ['readRole'] },
    ]);
  });
});
