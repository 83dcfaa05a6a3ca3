import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvSafeText } from './csv.ts';

describe('CSV cells against formula injection (OWASP)', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['+1+cmd|/C calc!A0', "'+1+cmd|/C calc!A0"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['＝1+1', "'＝1+1"],
    ['- bearing noisy', "'- bearing noisy"],
  ])('escapes %j', (input, out) => expect(csvSafeText(input)).toBe(out));

  it.each(['-12.5', '+3', '-1e-3', '.5', 'bearing = fine', 'GRMS', '2024-01-02T03:04:05.000Z', ''])(
    'leaves %j alone (numbers stay numbers, formulas only at the start)',
    (s) => expect(csvSafeText(s)).toBe(s),
  );

  it('writes numbers as numbers, negative ones included, and quotes text when needed or asked', () => {
    expect(csvLine([-1.5, 0, 2e-7, null, undefined, Number.NaN])).toBe('-1.5,0,2e-7,,,');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1', 'always')).toBe(`"'=1"`);
    expect(csvCell('=cmd|"/c calc"!A1')).toBe(`"'=cmd|""/c calc""!A1"`);
    expect(csvLine(['x', '-3'], 'always')).toBe('"x","-3"');
  });
});
