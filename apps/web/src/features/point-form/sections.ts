/** Sections of the point form, in display order. */
export const SECTIONS = ['general', 'bearing', 'machine', 'gearbox', 'classification', 'images'] as const;
export type Section = (typeof SECTIONS)[number];

/**
 * The section holding a form field (by its first name-path segment), so that a failed validation
 * can bring its field into view.
 */
export function sectionOf(field: string | number): Section {
  const f = String(field);
  if (f === 'bearing' || f === 'bearingBrand') return 'bearing';
  if (f.startsWith('gearbox') || f === 'numberOfStages' || f.startsWith('numberOfGearTeeth') || f === 'shaftOfSensorAttachedTo')
    return 'gearbox';
  if (f.endsWith('Classification')) return 'classification';
  if (f === 'image' || f === 'deleteImage') return 'images';
  if (
    [
      'machineType',
      'driveType',
      'motorPower',
      'transmissionType',
      'beltType',
      'beltLength',
      'pulleyRadiusRatio',
      'couplingType',
    ].includes(f) ||
    f.startsWith('transmission_')
  )
    return 'machine';
  return 'general';
}
