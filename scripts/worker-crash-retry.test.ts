import { describe, expect, it } from 'vitest';
import { filesToRunAgain, workerDiedOnly } from './worker-crash-retry.mjs';

const died = '[vitest-pool]: Worker forks emitted error. <- Worker exited unexpectedly';
const listed = [
  { file: '/a.test.ts', projectName: 'unit' },
  { file: '/b.test.ts', projectName: 'api-pglite' },
  { file: '/b.test.ts', projectName: 'api-postgres' },
];

describe('files run again after a test worker died', () => {
  it('are those that did not report, or that the dying worker marked failed, in their project', () => {
    const finished = [
      { project: 'unit', file: '/a.test.ts', state: 'failed' },
      { project: 'api-postgres', file: '/b.test.ts', state: 'passed' },
    ];
    expect(filesToRunAgain(finished, [died], listed)).toEqual([listed[0], listed[1]]);
  });

  it('are none when any other error happened, or when nothing died', () => {
    expect(workerDiedOnly([died, 'TypeError: x is undefined'])).toBe(false);
    expect(filesToRunAgain([], [died, 'Error: hook timed out'], listed)).toEqual([]);
    expect(filesToRunAgain([], [], listed)).toEqual([]);
  });

  it('are none when more than ten files are unfinished: that is not one dead worker', () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ file: `/f${i}.test.ts`, projectName: 'unit' }));
    expect(filesToRunAgain([], [died], many)).toEqual([]);
  });
});
