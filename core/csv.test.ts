import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv.ts';

describe('csv', () => {
  it('defuses values a spreadsheet would run as formulas', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+972')).toBe("'+972");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('defuses formulas behind full-width signs, zero-width spaces and direction controls', () => {
    expect(csvField('\uFF1DHYPERLINK(1)')).toBe("'\uFF1DHYPERLINK(1)");
    expect(csvField('\uFE66SUM(A1)')).toBe("'\uFE66SUM(A1)");
    expect(csvField('\uFF0B972')).toBe("'\uFF0B972");
    expect(csvField('\uFF20SUM(A1)')).toBe("'\uFF20SUM(A1)");
    for (const hidden of ['\u200B', '\u200D', '\u200E', '\u200F', '\u202A', '\u202E', '\u2066', '\u2069', '\uFEFF', '\u202E\u200B']) {
      expect(csvField(`${hidden}=1+1`)).toBe(`'${hidden}=1+1`);
    }
    // Text that merely contains such characters later on stays as it is.
    expect(csvField('שלום\u200F=1')).toBe('שלום\u200F=1');
  });

  it('quotes commas, quotes and line breaks, and writes dates and empty values', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField(null)).toBe('');
    expect(csvField(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvField('שלום')).toBe('שלום');
  });

  it('joins a header and rows with CRLF after a byte-order mark', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x'],
          [2, null],
        ],
      ),
    ).toBe('\uFEFFa,b\r\n1,x\r\n2,\r\n');
  });
});
