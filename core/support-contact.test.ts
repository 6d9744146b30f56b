// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { supportContact } from './support-contact.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function filesUnder(dir: string, extensions: string[]): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full, extensions);
    return extensions.some((ext) => entry.name.endsWith(ext)) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** What members read: the Markdown content, the translations and the web app's source. */
const texts = [...filesUnder(path.join(root, 'content'), ['.md']), ...filesUnder(path.join(root, 'web'), ['.json', '.ts', '.tsx'])].map(
  (file) => ({
    file: path.relative(root, file),
    text: readFileSync(file, 'utf8'),
  }),
);

describe('support contact details', () => {
  const domain = supportContact.email.split('@')[1]!;

  it('give one support address, and every Lina address is on its domain', () => {
    const wrong = texts.flatMap(({ file, text }) =>
      [...text.matchAll(/[\w.+-]+@lina[\w.-]*\w/gi)]
        .map((match) => match[0])
        .filter((address) => address.split('@')[1] !== domain || (address.startsWith('support@') && address !== supportContact.email))
        .map((address) => `${file}: ${address}`),
    );
    expect(wrong).toEqual([]);
  });

  it('give no other opening hours than Sunday to Thursday, Israel time', () => {
    const otherHours = /\b(PST|PDT|EST|GMT|UTC|Mon-Fri|Monday to Friday|\d{1,2}\s?(AM|PM))\b/;
    const wrong = texts
      .filter(({ file }) => file.startsWith('content') || file.includes('i18n'))
      .filter(({ text }) => otherHours.test(text));
    expect(wrong.map(({ file, text }) => `${file}: ${text.match(otherHours)?.[0]}`)).toEqual([]);
  });

  it('are told with the same hours wherever content states the hours', () => {
    const { opens, closes } = supportContact.hours;
    const stale = texts
      .filter(({ file, text }) => file.startsWith('content') && /Israel time|שעון ישראל/.test(text))
      .filter(({ text }) => !(text.includes(opens) && text.includes(closes)));
    expect(stale.map(({ file }) => file)).toEqual([]);
    expect(
      texts.filter(({ file, text }) => file.startsWith('content') && /Israel time|שעון ישראל/.test(text)).length,
    ).toBeGreaterThanOrEqual(2);
  });
});
