import { useState, type KeyboardEvent } from 'react';
import { Select } from 'antd';
import { addTags } from './tags';

interface Props {
  value?: string[];
  onChange?: (tags: string[]) => void;
  placeholder?: string;
  'data-testid'?: string;
}

/**
 * Free tag entry (spec 002 §9): Enter, comma or Tab adds the typed tag; empty tags and duplicates
 * are ignored. The Select's own Enter handling (which toggles an existing value off) is bypassed.
 */
export function TagsInput({ value = [], onChange, placeholder, ...rest }: Props) {
  const [search, setSearch] = useState('');

  const commit = (text: string) => {
    onChange?.(addTags(value, [text]));
    setSearch('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Enter' && e.key !== 'Tab') return;
    if (e.key === 'Tab' && !search.trim()) return; // Tab on an empty input moves focus on
    e.preventDefault();
    e.stopPropagation();
    commit(search);
  };

  return (
    <Select
      mode="tags"
      open={false}
      suffixIcon={null}
      value={value}
      searchValue={search}
      onSearch={(s) => (s.includes(',') ? commit(s) : setSearch(s))}
      onChange={(tags: string[]) => onChange?.(addTags([], tags))}
      onInputKeyDown={onKeyDown}
      onBlur={() => search.trim() && commit(search)}
      placeholder={placeholder}
      style={{ width: '100%' }}
      data-testid={rest['data-testid']}
    />
  );
}
