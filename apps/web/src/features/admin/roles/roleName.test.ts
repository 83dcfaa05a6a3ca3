import { describe, expect, it } from 'vitest';
import { roleNameAsTyped, roleNameOnSave } from './roleName';

describe('role name as typed (spec 002 §5)', () => {
  it('upper-cases and keeps letters, space and underscore on create; digits too on edit', () => {
    expect(roleNameAsTyped('ops-team_1', 'create')).toBe('OPSTEAM_');
    expect(roleNameAsTyped('ops-team_1', 'edit')).toBe('OPSTEAM_1');
    expect(roleNameAsTyped('şef', 'create')).toBe('ŞEF');
  });

  it('lets a space between words be typed, and trims on save', () => {
    expect(roleNameAsTyped('  field ', 'create')).toBe('FIELD ');
    expect(roleNameAsTyped('field t', 'create')).toBe('FIELD T');
    expect(roleNameAsTyped(' ', 'create')).toBe('');
    expect(roleNameOnSave('FIELD ', 'create')).toBe('FIELD');
  });
});
