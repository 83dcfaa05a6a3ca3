import { useState } from 'react';
import { Select } from 'antd';
import { addTags } from './tags';

interface Props {
  value?: string[];
  onChange?: (tags: string[]) => void;
  placeholder?: string;
  suggestions?: string[];
  'data-testid'?: string;
}

/**
 * Free tag entry: Enter, comma or Tab adds the typed tag; empty tags and duplicates are ignored
 * (spec 002 §9).
 */
export function TagsInput({ value = [], onChange, placeholder, suggestions = [], ...rest }: Props) {
  const [search, setSearch] = useState('');

  return (
    <Select
      mode="tags"
      value={value}
      searchValue={search}
      onSearch={(s) => {
        if (s.includes(',')) {
          onChange?.(addTags(value, [s]));
          setSearch('');
        } else setSearch(s);
      }}
      onChange={(tags: string[]) => {
        onChange?.(addTags([], tags));
        setSearch('');
      }}
      onInputKeyDown={(e) => {
        if (e.key === 'Tab' && search.trim()) {
          e.preventDefault();
          onChange?.(addTags(value, [search]));
          setSearch('');
        }
      }}
      tokenSeparators={[',']}
      options={suggestions.map((s) => ({ value: s, label: s }))}
      placeholder={placeholder}
      style={{ width: '100%' }}
      data-testid={rest['data-testid']}
    />
  );
}
