import { describe, expect, it } from 'vitest';
import { DEVICE_KINDS, LANGUAGES, PERMISSION_CATEGORIES, PERMISSIONS } from '@overtone/contract';
import { resources } from '../../locales/resources';
import { ADMIN_TABS } from './adminTabs';

type Tree = { [k: string]: string | Tree };
const get = (tree: Tree, path: string) =>
  path.split('.').reduce<string | Tree | undefined>((t, k) => (typeof t === 'object' ? t[k] : undefined), tree);

/** Keys the admin feature builds at run time (the locale test only sees literal keys). */
const dynamicKeys = [
  ...ADMIN_TABS.map((t) => `tabs.${t}`),
  ...PERMISSIONS.map((p) => `permission.${p}`),
  ...Object.keys(PERMISSION_CATEGORIES).map((c) => `permissionCategory.${c}`),
  ...DEVICE_KINDS.map((k) => `gateways.kind.${k}`),
  ...['connected', 'disconnected'].map((s) => `gateways.status.${s}`),
  ...['1', '2', '3'].map((l) => `preferences.level.${l}`),
  ...['requiresUpperCaseLetters', 'requiresLowerCaseLetters', 'requiresNumbers', 'requiresSpecialCharacters'].map(
    (k) => `preferences.policy.${k}`,
  ),
  ...['users', 'roles', 'telemetry'].flatMap((s) => [`${s}.created`, `${s}.updated`]),
  ...['users', 'roles'].flatMap((s) => [`${s}.createTitle`, `${s}.editTitle`]),
  'roles.nameHintCreate',
  'roles.nameHintEdit',
];

describe('admin locale', () => {
  it('labels every permission, category, tab and status in all six languages', () => {
    const missing = LANGUAGES.flatMap((lang) =>
      dynamicKeys.filter((k) => typeof get(resources[lang].admin as Tree, k) !== 'string').map((k) => `${lang}: ${k}`),
    );
    expect(missing).toEqual([]);
  });
});
