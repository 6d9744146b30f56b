/**
 * The messages between the main thread and the embedded database's worker (pglite-worker.ts).
 * Everything here crosses by structured clone, so it holds data only: no functions, no classes.
 * Decision record: docs/decisions/014-pglite-worker.md.
 */

/** What the worker is started with (workerData). */
export interface WorkerStart {
  /** A folder for the data, or undefined for a throw-away database in memory. */
  dataDir: string | undefined;
  /** A tarball from dumpDataDir('none') to start from instead of an empty cluster (tests' migrated template). */
  loadDataDir?: Uint8Array<ArrayBuffer>;
  /** PGlite's WebAssembly, compiled once by the main thread for all its workers. */
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
}

/** Query options that can cross: PGlite's parsers are functions, so only "leave these types as text" does. */
export interface WireQueryOptions {
  rowMode?: 'array' | 'object';
  /** Type OIDs whose values stay the text PostgreSQL sent (Drizzle's identity parsers). */
  textTypes?: number[];
  paramTypes?: number[];
}

/** A request; txId names an open transaction the statement belongs to. */
export type WorkerRequest =
  | { op: 'query'; id: number; txId?: number; text: string; params: unknown[]; options: WireQueryOptions }
  | { op: 'exec'; id: number; txId?: number; text: string; options: WireQueryOptions }
  /** Opens a transaction whose id is this request's id; the reply comes once BEGIN has run. */
  | { op: 'begin'; id: number }
  /** Ends the transaction: COMMIT, or ROLLBACK when the main thread's callback failed. */
  | { op: 'end'; id: number; txId: number; commit: boolean }
  | { op: 'rollback'; id: number; txId: number }
  /** Notifications on the channel arrive as { type: 'notify', listenId: id }. */
  | { op: 'listen'; id: number; channel: string }
  | { op: 'unlisten'; id: number; listenId: number }
  | { op: 'dump'; id: number; compression: 'gzip' | 'none' }
  | { op: 'close'; id: number };

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; error: WireError }
  | { type: 'reply'; id: number; ok: true; value: unknown }
  | { type: 'reply'; id: number; ok: false; error: WireError }
  | { type: 'notify'; listenId: number; payload: string };

/**
 * An error as data. PostgreSQL's fields (code, detail, constraint, table…) are plain properties of
 * PGlite's DatabaseError, which structured clone would drop, so they travel as `fields`.
 */
export interface WireError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean>;
}

export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: WireError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** An error from the database worker, carrying PostgreSQL's fields (`code` above all) as PGlite's own errors do. */
export class DatabaseWorkerError extends Error {
  [field: string]: unknown;

  constructor(wire: WireError) {
    super(wire.message);
    Object.assign(this, wire.fields);
    this.name = wire.name;
    // The main thread's stack says who asked; the worker's says where it failed.
    if (wire.stack) this.stack = `${this.stack ?? ''}\n    --- in the database worker ---\n${wire.stack}`;
  }
}
