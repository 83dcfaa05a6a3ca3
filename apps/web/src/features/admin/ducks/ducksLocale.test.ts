import { describe, expect, it } from 'vitest';
import { DUCK_SENSOR_TYPES, LANGUAGES } from '@overtone/contract';
import { resources } from '../../../locales/resources';
import { DUCK_VALIDATION_KEYS } from './useDuckValidationText';

type Tree = { [k: string]: string | Tree };
const get = (tree: Tree, path: string) =>
  path.split('.').reduce<string | Tree | undefined>((t, k) => (typeof t === 'object' ? t[k] : undefined), tree);

/** Keys the ducks feature builds at run time (the locale test only sees literal keys). */
const dynamicKeys = [
  ...DUCK_VALIDATION_KEYS.map((k) => `validation.${k}`),
  ...DUCK_SENSOR_TYPES.map((s) => `sensorTypes.${s.name}`),
  ...DUCK_SENSOR_TYPES.flatMap((s) => s.channels.map((c) => `channelCode.${c}`)),
  'references.external',
  'references.internal',
  'units.days',
  'units.hours',
  'units.minutes',
  'units.seconds',
];

describe('ducks locale', () => {
  it('names every rule message, sensor type, channel code and reference in all six languages', () => {
    const missing = LANGUAGES.flatMap((lang) =>
      dynamicKeys.filter((k) => typeof get(resources[lang].ducks as Tree, k) !== 'string').map((k) => `${lang}: ${k}`),
    );
    expect(missing).toEqual([]);
  });

  it('labels the tab in all six languages', () => {
    for (const lang of LANGUAGES) expect(get(resources[lang].admin as Tree, 'tabs.ducks'), lang).toBeTypeOf('string');
  });
});
