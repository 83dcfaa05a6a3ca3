import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';

interface Props {
  placeholder: string;
  onChange(text: string): void;
  'data-testid': string;
  autoFocus?: boolean;
}

/** A search box filtering as one types (the data-testid is on the input itself). */
export function SearchInput({ placeholder, onChange, autoFocus, ...rest }: Props) {
  return (
    <Input
      allowClear
      autoFocus={autoFocus}
      prefix={<SearchOutlined style={{ color: '#8c8c8c' }} />}
      placeholder={placeholder}
      aria-label={placeholder}
      onChange={(e) => onChange(e.target.value)}
      onPressEnter={(e) => e.preventDefault()}
      style={{ maxWidth: 320 }}
      data-testid={rest['data-testid']}
    />
  );
}
