import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { GEARBOX_TYPES, SENSOR_SHAFTS } from '@overtone/contract';
import { EnumItem, FIELD_GRID, NumberItem, useVisibility } from './formItems';

/**
 * Gearbox of the point (spec 000 §5), only when the type list includes GearBox: type, conversion,
 * stages; ring/planet/sun teeth for a planetary reducer, otherwise the shaft the sensor sits on
 * with driver/driven teeth, and the first/second current shaft teeth when it is the middle shaft.
 */
export function GearboxFields() {
  const { t } = useTranslation('pointForm');
  const show = useVisibility();
  if (!show.gearbox) return <Alert type="info" showIcon title={t('gearboxNeedsType')} data-testid="point-gearbox-hint" />;
  return (
    <>
      <div style={FIELD_GRID} data-testid="point-gearbox-fields">
        <EnumItem
          name="gearboxType"
          label={t('gearboxType')}
          values={GEARBOX_TYPES}
          group="gearboxTypes"
          testId="point-gearbox-type"
        />
        <NumberItem name="gearboxConversionInput" label={t('conversionInput')} testId="point-gearbox-conversion-input" />
        <NumberItem name="gearboxConversionOutput" label={t('conversionOutput')} testId="point-gearbox-conversion-output" />
        <NumberItem name="numberOfStages" label={t('numberOfStages')} integer testId="point-gearbox-stages" />
      </div>
      {show.planetaryTeeth && (
        <div style={FIELD_GRID} data-testid="point-planetary-fields">
          <NumberItem name="numberOfGearTeethAtRingGear" label={t('teeth.ring')} integer testId="point-teeth-ring" />
          <NumberItem name="numberOfGearTeethAtPlanetGear" label={t('teeth.planet')} integer testId="point-teeth-planet" />
          <NumberItem name="numberOfGearTeethAtSunGear" label={t('teeth.sun')} integer testId="point-teeth-sun" />
        </div>
      )}
      {show.shaftTeeth && (
        <div style={FIELD_GRID} data-testid="point-shaft-fields">
          <EnumItem
            name="shaftOfSensorAttachedTo"
            label={t('shaftOfSensorAttachedTo')}
            values={SENSOR_SHAFTS}
            group="shafts"
            testId="point-shaft"
          />
          <NumberItem name="numberOfGearTeethAtDriverShaft" label={t('teeth.driver')} integer testId="point-teeth-driver" />
          <NumberItem name="numberOfGearTeethAtDrivenShaft" label={t('teeth.driven')} integer testId="point-teeth-driven" />
          {show.currentShaftTeeth && (
            <>
              <NumberItem
                name="numberOfGearTeethAtFirstCurrentShaft"
                label={t('teeth.firstCurrent')}
                integer
                testId="point-teeth-first-current"
              />
              <NumberItem
                name="numberOfGearTeethAtSecondCurrentShaft"
                label={t('teeth.secondCurrent')}
                integer
                testId="point-teeth-second-current"
              />
            </>
          )}
        </div>
      )}
    </>
  );
}
