import { Checkbox, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  COUPLING_CLASSES,
  FLEXIBLE_COUPLINGS,
  POSITIVE_DISPLACEMENT_PUMPS,
  PUMP_CLASSES,
  ROTODYNAMIC_PUMPS,
} from '@overtone/contract';
import { EnumItem, FIELD_GRID, useVisibility } from './formItems';

/**
 * The pump and coupling classification chains (spec 000 §3) as cascading choices: pump →
 * rotodynamic (centrifugal, mixed flow, axial flow; open impeller) or positive displacement (rotary,
 * reciprocating); coupling → rigid or flexible (mechanical, elastomeric, membrane).
 */
export function ClassificationFields() {
  const { t } = useTranslation('pointForm');
  const show = useVisibility();
  return (
    <>
      <Typography.Title level={5}>{t('pumpClassification')}</Typography.Title>
      <Form.Item name={['pumpClassification', 'pump']} valuePropName="checked">
        <Checkbox data-testid="point-pump">{t('isPump')}</Checkbox>
      </Form.Item>
      {show.pumpClass && (
        <div style={FIELD_GRID}>
          <EnumItem
            name={['pumpClassification', 'class']}
            label={t('pumpClass')}
            values={PUMP_CLASSES}
            group="pumpClasses"
            testId="point-pump-class"
          />
          {show.rotodynamicPump && (
            <EnumItem
              name={['pumpClassification', 'rotodynamic']}
              label={t('pumpClasses.rotodynamic')}
              values={ROTODYNAMIC_PUMPS}
              group="rotodynamicPumps"
              testId="point-pump-rotodynamic"
            />
          )}
          {show.positiveDisplacementPump && (
            <EnumItem
              name={['pumpClassification', 'positiveDisplacement']}
              label={t('pumpClasses.positiveDisplacement')}
              values={POSITIVE_DISPLACEMENT_PUMPS}
              group="positiveDisplacementPumps"
              testId="point-pump-positive-displacement"
            />
          )}
          {show.rotodynamicPump && (
            <Form.Item name={['pumpClassification', 'open']} valuePropName="checked">
              <Checkbox data-testid="point-pump-open">{t('openImpeller')}</Checkbox>
            </Form.Item>
          )}
        </div>
      )}
      <Typography.Title level={5}>{t('couplingClassification')}</Typography.Title>
      <Form.Item name={['couplingClassification', 'coupling']} valuePropName="checked">
        <Checkbox data-testid="point-coupling">{t('isCoupling')}</Checkbox>
      </Form.Item>
      {show.couplingClass && (
        <div style={FIELD_GRID}>
          <EnumItem
            name={['couplingClassification', 'class']}
            label={t('couplingClass')}
            values={COUPLING_CLASSES}
            group="couplingClasses"
            testId="point-coupling-class"
          />
          {show.flexibleCoupling && (
            <EnumItem
              name={['couplingClassification', 'flexible']}
              label={t('couplingClasses.flexible')}
              values={FLEXIBLE_COUPLINGS}
              group="flexibleCouplings"
              testId="point-coupling-flexible"
            />
          )}
        </div>
      )}
    </>
  );
}
