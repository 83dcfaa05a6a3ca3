import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { BELT_TYPES, DRIVE_TYPES, MACHINE_TYPES, TRANSMISSION_TYPES } from '@overtone/contract';
import { EnumItem, FIELD_GRID, NumberItem, useVisibility } from './formItems';

/**
 * Machine type, drive (motor power only for an electric motor) and transmission (belt fields only
 * for belt-pulley, coupling type only for coupling, stage and conversion fields for gear-box):
 * spec 000 §3 "Point", §5.
 */
export function MachineFields() {
  const { t } = useTranslation('pointForm');
  const show = useVisibility();
  return (
    <>
      <div style={FIELD_GRID}>
        <EnumItem
          name="machineType"
          label={t('machineType')}
          values={MACHINE_TYPES}
          group="machineTypes"
          testId="point-machine-type"
        />
        <EnumItem name="driveType" label={t('driveType')} values={DRIVE_TYPES} group="driveTypes" testId="point-drive-type" />
        {show.motorPower && (
          <NumberItem name="motorPower" label={t('motorPower')} suffix={t('unit.kw')} testId="point-motor-power" />
        )}
      </div>
      <div style={FIELD_GRID}>
        <EnumItem
          name="transmissionType"
          label={t('transmissionType')}
          values={TRANSMISSION_TYPES}
          group="transmissionTypes"
          testId="point-transmission-type"
        />
        {show.couplingType && (
          <Form.Item name="couplingType" label={t('couplingType')}>
            <Input maxLength={64} data-testid="point-coupling-type" />
          </Form.Item>
        )}
      </div>
      {show.belt && (
        <div style={FIELD_GRID} data-testid="point-belt-fields">
          <EnumItem name="beltType" label={t('beltType')} values={BELT_TYPES} group="beltTypes" testId="point-belt-type" />
          <NumberItem name="beltLength" label={t('beltLength')} suffix={t('unit.cm')} testId="point-belt-length" />
          <NumberItem name="pulleyRadiusRatio" label={t('pulleyRadiusRatio')} testId="point-pulley-ratio" />
        </div>
      )}
      {show.transmissionGearbox && (
        <div style={FIELD_GRID} data-testid="point-transmission-gearbox-fields">
          <NumberItem name="transmission_numberOfStages" label={t('numberOfStages')} integer testId="point-transmission-stages" />
          <NumberItem
            name="transmission_gearboxConversionInput"
            label={t('conversionInput')}
            testId="point-transmission-conversion-input"
          />
          <NumberItem
            name="transmission_gearboxConversionOutput"
            label={t('conversionOutput')}
            testId="point-transmission-conversion-output"
          />
        </div>
      )}
    </>
  );
}
