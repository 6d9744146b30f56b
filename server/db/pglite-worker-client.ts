/**
 * The main thread's side of the embedded database worker (pglite-worker.ts): an object with the
 * part of PGlite's interface Drizzle and our code use (query, exec, transaction, listen, close,
 * dumpDataDir), which posts each call to the worker and awaits its reply. drizzle-orm/pglite takes
 * it in place of a PGlite instance. Decision record: docs/decisions/014-pglite-worker.md.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId, Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { projectRoot } from '../project-root.ts';
import {
  DatabaseWorkerError,
  type WireError,
  type WireQueryOptions,
  type WorkerMessage,
  type WorkerRequest,
  type WorkerStart,
} from './pglite-worker-protocol.ts';

/** What crosses to the worker: the request without its id, which the client assigns. */
type Call = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * From a build the worker is dist/server/pglite-worker.js (scripts/build.mjs), also for the bundled
 * scripts in dist/scripts. From sources (tsx, vitest) the worker is bundled with esbuild (a
 * development dependency) into node_modules/.cache, where its imports still resolve, once per
 * content: Node 20 could not run the .ts file in a thread (tsx's loader hooks did not reach
 * workers). Node 24 strips types itself and loads pglite-worker.ts as it is; starting it directly
 * is a possible simplification, not yet made (docs/decisions/037-pinned-node.md).
 */
let workerFile: Promise<string> | undefined;
function workerEntry(): Promise<string> {
  return (workerFile ??= (async () => {
    const here = fileURLToPath(import.meta.url);
    if (!here.endsWith('.ts')) return path.join(projectRoot, 'dist', 'server', 'pglite-worker.js');
    const { build } = await import('esbuild');
    const output = await build({
      entryPoints: [path.join(path.dirname(here), 'pglite-worker.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      packages: 'external',
      write: false,
      logLevel: 'error',
    });
    const code = output.outputFiles[0]!.contents;
    const folder = path.join(projectRoot, 'node_modules', '.cache', 'lina');
    const file = path.join(folder, `pglite-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    if (!existsSync(file)) {
      // Test files start workers in parallel: each writes its own copy, then renames it into place.
      await mkdir(folder, { recursive: true });
      const partial = `${file}.${process.pid}.${threadId}.tmp`;
      await writeFile(partial, code);
      await rename(partial, file);
    }
    return file;
  })());
}

/**
 * PGlite compiles its WebAssembly once per thread and keeps it, so in this thread every database
 * after the first opened fast; a new worker would compile it again (seconds). The main thread
 * compiles both modules once and hands them to every worker, which shares the compiled code.
 */
let compiled: Promise<Pick<WorkerStart, 'pgliteWasmModule' | 'initdbWasmModule'>> | undefined;
function compiledWasm() {
  return (compiled ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const compile = async (file: string) => WebAssembly.compile(await readFile(path.join(dist, file)));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]);
    return { pgliteWasmModule, initdbWasmModule };
  })());
}

/**
 * Starts the worker on dataDir (undefined: in memory) and resolves once PGlite is open there;
 * loadDataDir, a tarball from dumpDataDir('none'), fills a new data folder instead of initdb.
 */
export async function startPgliteWorker(dataDir: string | undefined, loadDataDir?: Uint8Array<ArrayBuffer>): Promise<PgliteWorkerClient> {
  const [file, modules] = await Promise.all([workerEntry(), compiledWasm()]);
  const workerData: WorkerStart = { dataDir, loadDataDir, ...modules };
  const client = new PgliteWorkerClient(new Worker(file, { workerData }));
  await client.ready;
  return client;
}

export class PgliteWorkerClient {
  readonly ready: Promise<void>;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private readonly failureListeners = new Set<(error: Error) => void>();
  private readonly openTransactions = new Set<number>();
  private nextId = 1;
  private failure: Error | undefined;
  private closing: Promise<void> | undefined;
  private idle: (() => void) | undefined;

  constructor(private readonly worker: Worker) {
    let opened!: () => void;
    let failedToOpen!: (error: Error) => void;
    this.ready = new Promise((resolve, reject) => ((opened = resolve), (failedToOpen = reject)));
    this.failureListeners.add(failedToOpen);
    // A ready-or-failed reply keeps the process alive until the database is open.
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') opened();
      else if (message.type === 'failed') failedToOpen(new DatabaseWorkerError(message.error));
      else if (message.type === 'notify') this.listeners.get(message.listenId)?.(message.payload);
      else this.settle(message.id, message.ok ? { value: message.value } : { error: message.error });
    });
    // A crash must not leave callers waiting: everything pending fails, and so does every later call.
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`The embedded database worker stopped (exit code ${code}).`)));
    this.ready.then(
      () => {
        this.failureListeners.delete(failedToOpen);
        this.updateRef();
      },
      (error: Error) => this.fail(error),
    );
  }

  get closed(): boolean {
    return this.closing !== undefined || this.failure !== undefined;
  }

  /** Called once if the worker dies (not when it is closed): listeners have lost their notifications. */
  onFailure(listener: (error: Error) => void): void {
    this.failureListeners.add(listener);
  }

  async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return (await this.call({ op: 'query', text, params, options: wireOptions(options) })) as Results<T>;
  }

  async exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return (await this.call({ op: 'exec', text, options: wireOptions(options) })) as Results[];
  }

  /**
   * Runs callback inside a transaction on the worker's one connection. The worker holds it open
   * across messages, and every statement not sent through `tx` waits for it to end, as with PGlite
   * in this thread: PGlite queues its own statements behind an open transaction.
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const txId = this.nextId;
    // Open from the moment BEGIN is asked for, so close() waits for the whole transaction.
    const begun = this.call({ op: 'begin' });
    this.openTransactions.add(txId);
    let ended = false;
    const inside = (call: Call) => {
      if (ended) return Promise.reject(new Error('Transaction is closed'));
      return this.call(call, txId);
    };
    const tx: Transaction = {
      query: async (text, params = [], options) =>
        (await inside({ op: 'query', txId, text, params, options: wireOptions(options) })) as never,
      exec: async (text, options) => (await inside({ op: 'exec', txId, text, options: wireOptions(options) })) as never,
      sql: () => Promise.reject(new Error('tx.sql is not available through the database worker; use tx.query')),
      rollback: async () => {
        await inside({ op: 'rollback', txId });
        ended = true;
      },
      listen: () => Promise.reject(new Error('Listen outside the transaction (the worker has one connection)')),
      get closed() {
        return ended;
      },
    };
    try {
      await begun;
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        ended = true;
        // The callback's error is what the caller needs; a failed ROLLBACK on top adds nothing.
        await this.call({ op: 'end', txId, commit: false }, txId).catch(() => undefined);
        throw error;
      }
      ended = true;
      await this.call({ op: 'end', txId, commit: true }, txId);
      return result;
    } finally {
      this.openTransactions.delete(txId);
      this.checkIdle();
    }
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listenId = this.nextId;
    this.listeners.set(listenId, callback);
    try {
      await this.call({ op: 'listen', channel });
    } catch (error) {
      this.listeners.delete(listenId);
      throw error;
    }
    return async () => {
      this.listeners.delete(listenId);
      if (!this.closed) await this.call({ op: 'unlisten', listenId });
    };
  }

  /** PGlite's data-folder tarball (backups): the bytes move from the worker rather than being copied. */
  async dumpDataDir(compression: 'gzip' | 'none' = 'gzip'): Promise<Blob> {
    return new Blob([(await this.call({ op: 'dump', compression })) as ArrayBuffer]);
  }

  /**
   * Lets the work already asked for finish (open transactions included: their statements are still
   * accepted), then closes PGlite, which writes the data folder, and ends the thread. Calls made
   * after close() starts are refused.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await new Promise<void>((resolve) => {
        this.idle = resolve;
        this.checkIdle();
      });
      if (this.failure) return;
      try {
        await this.send({ op: 'close' });
      } finally {
        this.worker.removeAllListeners('exit');
        await this.worker.terminate();
      }
    })();
    return this.closing;
  }

  private call(call: Call, txId?: number): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const inOpenTransaction = txId !== undefined && this.openTransactions.has(txId);
    if (this.closing && !inOpenTransaction) return Promise.reject(new Error('The embedded database is closed.'));
    return this.send(call);
  }

  private send(call: Call): Promise<unknown> {
    const id = this.nextId++;
    const done = new Promise<unknown>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.worker.postMessage({ ...call, id } as WorkerRequest);
    this.updateRef();
    return done;
  }

  private settle(id: number, outcome: { value: unknown } | { error: WireError }): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    if ('error' in outcome) pending.reject(new DatabaseWorkerError(outcome.error));
    else pending.resolve(outcome.value);
    this.updateRef();
    this.checkIdle();
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    if (!this.closing) console.error('The embedded database worker failed; every query fails from now on:', error);
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
    for (const listener of this.failureListeners) listener(error);
    this.idle?.();
    void this.worker.terminate();
  }

  /**
   * The thread keeps the process alive only while a reply is awaited, as PGlite in this thread
   * did: a script that forgets close() still exits, and one awaiting a query does not exit early.
   */
  private updateRef(): void {
    if (this.pending.size > 0) this.worker.ref();
    else this.worker.unref();
  }

  private checkIdle(): void {
    if (this.idle && this.pending.size === 0 && this.openTransactions.size === 0) this.idle();
  }
}

/** Drizzle's parsers leave timestamps, dates and intervals as text; nothing else can cross, so anything else is refused. */
function wireOptions(options: QueryOptions | undefined): WireQueryOptions {
  if (!options) return {};
  if (options.serializers || options.blob || options.onNotice)
    throw new Error('serializers, blob and onNotice cannot cross to the database worker');
  const textTypes = Object.entries(options.parsers ?? {}).map(([type, parse]) => {
    if (parse('\u0000probe', Number(type)) !== '\u0000probe')
      throw new Error(`Only identity parsers can cross to the database worker (type ${type})`);
    return Number(type);
  });
  return { rowMode: options.rowMode, paramTypes: options.paramTypes, textTypes: textTypes.length > 0 ? textTypes : undefined };
}
