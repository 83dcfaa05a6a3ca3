import { Checkbox, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Visibility } from '@overtone/contract';
import { EnumItem, FIELD_GRID, useVisibility } from './formItems';

/** A field of a classification chain, inside the chain's form object, shown while `when` holds. */
export type ChainField = {
  /** Key inside the chain's form object (`['pumpClassification', name]`). */
  name: string;
  /** `pointForm` key of the label. */
  label: string;
  testId: string;
  /** The visibility rule (conditions.ts) that shows the field; always shown with the chain without one. */
  when?: keyof Visibility;
} & (
  | { kind: 'select'; values: readonly string[]; /** `pointForm` group of the value labels. */ group: string }
  | { kind: 'checkbox' }
);

/** A classification chain (spec 000 §3): a yes/no root, then cascading choices. */
export interface Chain {
  /** The form object holding the chain's values (`pumpClassification`). */
  field: string;
  /** `pointForm` key of the chain's title. */
  title: string;
  /** The root checkbox (`pump`): ticking it opens the chain. */
  root: { name: string; label: string; testId: string };
  /** The visibility rule that opens the chain (the root is ticked). */
  open: keyof Visibility;
  /** The chain's fields, in display order. */
  fields: readonly ChainField[];
}

/** One classification chain as cascading choices: title, root checkbox, then the fields the values call for. */
export function ClassificationChain({ chain }: { chain: Chain }) {
  const { t } = useTranslation('pointForm');
  const show = useVisibility();
  return (
    <>
      <Typography.Title level={5}>{t(chain.title)}</Typography.Title>
      <Form.Item name={[chain.field, chain.root.name]} valuePropName="checked">
        <Checkbox data-testid={chain.root.testId}>{t(chain.root.label)}</Checkbox>
      </Form.Item>
      {show[chain.open] && (
        <div style={FIELD_GRID}>
          {chain.fields
            .filter((f) => !f.when || show[f.when])
            .map((f) =>
              f.kind === 'select' ? (
                <EnumItem
                  key={f.name}
                  name={[chain.field, f.name]}
                  label={t(f.label)}
                  values={f.values}
                  group={f.group}
                  testId={f.testId}
                />
              ) : (
                <Form.Item key={f.name} name={[chain.field, f.name]} valuePropName="checked">
                  <Checkbox data-testid={f.testId}>{t(f.label)}</Checkbox>
                </Form.Item>
              ),
            )}
        </div>
      )}
    </>
  );
}
