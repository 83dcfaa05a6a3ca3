import type { CSSProperties } from 'react';
import { Select, type SelectProps } from 'antd';

/** Width of a select's frame around its prefix and value, px: paddings, prefix gap, arrow, borders. */
const FRAME_PX = 48;

export interface FitSelectOption<V> {
  value: V;
  label: string;
  disabled?: boolean;
}

type Props<V> = Omit<SelectProps<V>, 'options' | 'prefix' | 'style'> & {
  /** The name shown in the select before its value. */
  prefix: string;
  options: FitSelectOption<V>[];
  style?: CSSProperties;
};

/**
 * A select with a prefix (the toolbars of the analysis charts), as wide as its prefix with its
 * longest option label in the current language and font, so that no choice is cut off: hidden
 * copies of the texts, stacked with the select in one grid cell, set the cell's width.
 */
export function FitSelect<V extends string | number>({ prefix, options, style, ...rest }: Props<V>) {
  return (
    <span style={{ display: 'inline-grid', verticalAlign: 'middle', maxWidth: '100%' }}>
      <Select<V> {...rest} prefix={prefix} options={options} style={{ ...style, gridArea: '1 / 1', width: '100%' }} />
      {options.map((o) => (
        <span
          key={String(o.value)}
          aria-hidden
          style={{
            gridArea: '1 / 1',
            height: 0,
            overflow: 'hidden',
            visibility: 'hidden',
            whiteSpace: 'pre',
            paddingInlineEnd: FRAME_PX,
          }}
        >
          {`${prefix} ${o.label}`}
        </span>
      ))}
    </span>
  );
}
