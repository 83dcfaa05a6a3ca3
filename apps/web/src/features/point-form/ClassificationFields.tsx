import {
  COUPLING_CLASSES,
  FLEXIBLE_COUPLINGS,
  POSITIVE_DISPLACEMENT_PUMPS,
  PUMP_CLASSES,
  ROTODYNAMIC_PUMPS,
} from '@overtone/contract';
import { ClassificationChain, type Chain } from './ClassificationChain';

/**
 * The pump and coupling classification chains (spec 000 §3): pump → rotodynamic (centrifugal,
 * mixed flow, axial flow; open impeller) or positive displacement (rotary, reciprocating);
 * coupling → rigid or flexible (mechanical, elastomeric, membrane). Which field shows when is
 * decided by conditions.ts.
 */
export const CLASSIFICATION_CHAINS: readonly Chain[] = [
  {
    field: 'pumpClassification',
    title: 'pumpClassification',
    root: { name: 'pump', label: 'isPump', testId: 'point-pump' },
    open: 'pumpClass',
    fields: [
      {
        kind: 'select',
        name: 'class',
        label: 'pumpClass',
        values: PUMP_CLASSES,
        group: 'pumpClasses',
        testId: 'point-pump-class',
      },
      {
        kind: 'select',
        name: 'rotodynamic',
        label: 'pumpClasses.rotodynamic',
        values: ROTODYNAMIC_PUMPS,
        group: 'rotodynamicPumps',
        testId: 'point-pump-rotodynamic',
        when: 'rotodynamicPump',
      },
      {
        kind: 'select',
        name: 'positiveDisplacement',
        label: 'pumpClasses.positiveDisplacement',
        values: POSITIVE_DISPLACEMENT_PUMPS,
        group: 'positiveDisplacementPumps',
        testId: 'point-pump-positive-displacement',
        when: 'positiveDisplacementPump',
      },
      { kind: 'checkbox', name: 'open', label: 'openImpeller', testId: 'point-pump-open', when: 'rotodynamicPump' },
    ],
  },
  {
    field: 'couplingClassification',
    title: 'couplingClassification',
    root: { name: 'coupling', label: 'isCoupling', testId: 'point-coupling' },
    open: 'couplingClass',
    fields: [
      {
        kind: 'select',
        name: 'class',
        label: 'couplingClass',
        values: COUPLING_CLASSES,
        group: 'couplingClasses',
        testId: 'point-coupling-class',
      },
      {
        kind: 'select',
        name: 'flexible',
        label: 'couplingClasses.flexible',
        values: FLEXIBLE_COUPLINGS,
        group: 'flexibleCouplings',
        testId: 'point-coupling-flexible',
        when: 'flexibleCoupling',
      },
    ],
  },
];

/** The classification section of the point form: each chain of CLASSIFICATION_CHAINS in turn. */
export function ClassificationFields() {
  return (
    <>
      {CLASSIFICATION_CHAINS.map((chain) => (
        <ClassificationChain key={chain.field} chain={chain} />
      ))}
    </>
  );
}
