export type Finished = { project: string; file: string; state: string };
export type Listed = { file: string; projectName: string };
export declare const maxFilesAgain: number;
export declare function workerDiedOnly(errors: readonly string[]): boolean;
export declare function filesToRunAgain(finished: readonly Finished[], errors: readonly string[], listed: readonly Listed[]): Listed[];
