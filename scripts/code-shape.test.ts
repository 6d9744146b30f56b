/**
 * The code's shape, kept by a test (issue 36 item 7): production code has at most five
 * `as unknown as` escape hatches, each saying why on the line above, and every production file over
 * 300 lines opens with a header comment that says why it is one file of that size.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../server/project-root.ts';

const productionFolders = ['core', 'server', 'web', 'scripts'];
const maxEscapeHatches = 5;
const maxLinesWithoutHeader = 300;

/** Source files that ship or run as tools: tests and the test-only helpers under a test/ folder are not. */
function productionFiles(): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(projectRoot, folder), { withFileTypes: true })) {
      const relative = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test' && entry.name !== 'node_modules') walk(relative);
      } else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        files.push(relative);
      }
    }
  };
  for (const folder of productionFolders) walk(folder);
  return files.sort();
}

const isComment = (line: string) => /^\s*(\/\/|\/\*|\*)/.test(line);

describe('code shape', () => {
  const files = productionFiles().map((file) => ({ file, lines: readFileSync(path.join(projectRoot, file), 'utf8').split('\n') }));

  it('finds the production files', () => {
    expect(files.map((f) => f.file)).toContain(path.join('server', 'db', 'database.ts'));
    expect(files.some((f) => f.file.includes('.test.'))).toBe(false);
  });

  it(`has at most ${maxEscapeHatches} 'as unknown as' casts in production code, each with a comment on the line above`, () => {
    const casts = files.flatMap(({ file, lines }) =>
      lines.flatMap((line, index) =>
        line.includes('as unknown as') && !isComment(line)
          ? [{ at: `${file}:${index + 1}`, explained: isComment(lines[index - 1] ?? '') }]
          : [],
      ),
    );
    expect(casts.filter((cast) => !cast.explained).map((cast) => cast.at)).toEqual([]);
    expect(casts.length, casts.map((cast) => cast.at).join('\n')).toBeLessThanOrEqual(maxEscapeHatches);
  });

  it(`opens every production file over ${maxLinesWithoutHeader} lines with a header saying why`, () => {
    const missing = files
      .filter(({ lines }) => lines.length > maxLinesWithoutHeader)
      .filter(({ lines }) => {
        const start = lines[0]?.startsWith('#!') ? 1 : 0;
        if (!/^\s*(\/\*\*?|\/\/)/.test(lines[start] ?? '')) return true;
        // The header: the leading comment block, which must say why the file is that long.
        const header: string[] = [];
        for (const line of lines.slice(start)) {
          header.push(line);
          if (lines[start]!.trimStart().startsWith('/*') ? line.includes('*/') : !isComment(line)) break;
        }
        return !/\b300 lines\b/.test(header.join(' ').replace(/\s*\*\s*/g, ' '));
      })
      .map(({ file, lines }) => `${file} (${lines.length} lines)`);
    expect(missing).toEqual([]);
  });
});
