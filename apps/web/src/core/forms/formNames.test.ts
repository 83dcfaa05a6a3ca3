import { describe, expect, it } from 'vitest';

/**
 * Every antd `<Form>` of the app has its own `name`: antd gives a field the id `<form name>_<field>`,
 * or just `<field>` without one, and two forms on the page (the routes tab and the point dialog both
 * have `name`) then share ids: a click on one form's label focused the other form's input, whose
 * blur showed a stray "Please enter a route name" (issue 17 item 4).
 */
/** Every component source of the app, by path (tests excluded). */
const SOURCES = import.meta.glob<string>(['../../**/*.tsx', '!../../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The opening tags of `<Form …>` (not Form.Item / Form.List) in a source, with their file. */
function formTags(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/<Form(?:<[^>]*>)?[\s>]/g)) {
    let depth = 0;
    let i = m.index + 1;
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '>' && depth === 0 && text[i - 1] !== '=' && i > m.index + m[0].length - 1) break;
    }
    out.push(text.slice(m.index, i + 1));
  }
  return out;
}

describe('antd forms', () => {
  const forms = Object.entries(SOURCES).flatMap(([file, text]) => formTags(text).map((tag) => ({ file, tag })));

  it('finds the forms it checks', () => {
    expect(forms.length).toBeGreaterThan(10);
  });

  it('each has a name, and literal names are unique', () => {
    const unnamed = forms.filter((f) => !/\sname=/.test(f.tag)).map((f) => f.file);
    expect(unnamed).toEqual([]);
    const names = forms.map((f) => /\sname="([^"]+)"/.exec(f.tag)?.[1]).filter((n): n is string => !!n);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });
});
