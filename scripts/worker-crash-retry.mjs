// Which test files `npm test` runs again after a Vitest worker process died (docs/decisions/067).

/** At most this many files run again: one dying worker leaves one file, or a few, unfinished. */
export const maxFilesAgain = 10;

/** True when the run's unhandled errors are all a worker that exited unexpectedly (and there is one). */
export function workerDiedOnly(errors) {
  return errors.length > 0 && errors.every((message) => /Worker exited unexpectedly/.test(message));
}

/**
 * The files of the list (`vitest list --json`: { file, projectName }) that did not finish with a pass
 * in the run (`finished`: { project, file, state }), when the run's only errors were dead workers;
 * none when there were other errors or more than `maxFilesAgain` such files.
 */
export function filesToRunAgain(finished, errors, listed) {
  if (!workerDiedOnly(errors)) return [];
  const passed = new Set(finished.filter((f) => f.state !== 'failed').map((f) => `${f.project} ${f.file}`));
  const again = listed.filter((f) => !passed.has(`${f.projectName} ${f.file}`));
  return again.length > maxFilesAgain ? [] : again;
}
