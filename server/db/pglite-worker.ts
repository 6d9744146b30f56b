/**
 * The embedded database's own thread: it owns the PGlite instance (WebAssembly PostgreSQL), so
 * queries no longer run on the server's event loop. The main thread talks to it through
 * pglite-worker-client.ts; the messages are in pglite-worker-protocol.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { embeddedExtensions } from './embedded-extensions.ts';
import { toWireError, type WireQueryOptions, type WorkerMessage, type WorkerRequest, type WorkerStart } from './pglite-worker-protocol.ts';

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread (see pglite-worker-client.ts)');
const port = parentPort;
const start = workerData as WorkerStart;

/** Thrown inside PGlite's transaction when the main thread's callback failed, so PGlite rolls back. */
class RollbackRequested extends Error {}

interface OpenTransaction {
  tx: Transaction;
  /** Resolved by the main thread's 'end': true commits, false rolls back. */
  end(commit: boolean): void;
  /** Settles when PGlite's transaction has committed or rolled back. */
  settled: Promise<void>;
}

const transactions = new Map<number, OpenTransaction>();
const listeners = new Map<number, () => Promise<void>>();
let database: PGlite;

function post(message: WorkerMessage, transfer?: ArrayBuffer[]): void {
  port.postMessage(message, transfer);
}

async function open(): Promise<void> {
  try {
    database = await PGlite.create({
      dataDir: start.dataDir,
      loadDataDir: start.loadDataDir ? new Blob([start.loadDataDir]) : undefined,
      extensions: embeddedExtensions,
      pgliteWasmModule: start.pgliteWasmModule,
      initdbWasmModule: start.initdbWasmModule,
    });
    post({ type: 'ready' });
  } catch (error) {
    post({ type: 'failed', error: toWireError(error) });
  }
}

function queryOptions(options: WireQueryOptions): QueryOptions {
  const identity = (value: string) => value;
  return {
    rowMode: options.rowMode,
    paramTypes: options.paramTypes,
    parsers: options.textTypes ? Object.fromEntries(options.textTypes.map((type) => [type, identity])) : undefined,
  };
}

/** A statement inside an open transaction runs on it; any other runs on the database, which waits for the transaction. */
function target(txId: number | undefined): PGlite | Transaction {
  if (txId === undefined) return database;
  const open = transactions.get(txId);
  if (!open) throw new Error(`Transaction ${txId} is not open`);
  return open.tx;
}

function begin(id: number): Promise<void> {
  return new Promise((began, failed) => {
    let end!: (commit: boolean) => void;
    const ended = new Promise<boolean>((resolve) => (end = resolve));
    const settled = database
      .transaction(async (tx) => {
        transactions.set(id, { tx, end, settled });
        began();
        if (!(await ended)) throw new RollbackRequested();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollbackRequested)) throw error;
      })
      .finally(() => transactions.delete(id));
    // BEGIN itself failed: the callback never ran.
    settled.catch(failed);
  });
}

async function endTransaction(txId: number, commit: boolean): Promise<void> {
  const open = transactions.get(txId);
  if (!open) throw new Error(`Transaction ${txId} is not open`);
  open.end(commit);
  await open.settled;
}

async function dump(compression: 'gzip' | 'none'): Promise<ArrayBuffer> {
  const file = await database.dumpDataDir(compression);
  return file.arrayBuffer();
}

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return target(request.txId).query(request.text, request.params, queryOptions(request.options));
    case 'exec':
      return target(request.txId).exec(request.text, queryOptions(request.options));
    case 'begin':
      return begin(request.id);
    case 'end':
      return endTransaction(request.txId, request.commit);
    case 'rollback': {
      const open = transactions.get(request.txId);
      if (!open) throw new Error(`Transaction ${request.txId} is not open`);
      return open.tx.rollback();
    }
    case 'listen': {
      const stop = await database.listen(request.channel, (payload) => post({ type: 'notify', listenId: request.id, payload }));
      listeners.set(request.id, stop);
      return undefined;
    }
    case 'unlisten': {
      const stop = listeners.get(request.listenId);
      listeners.delete(request.listenId);
      return database.closed ? undefined : stop?.();
    }
    case 'dump':
      return dump(request.compression);
    case 'close':
      // Closing writes everything to the data folder; the main thread ends the thread afterwards.
      return database.closed ? undefined : database.close();
  }
}

port.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (value) => {
      // Query results are plain data; a dump's bytes move rather than copy.
      const transfer = value instanceof ArrayBuffer ? [value] : undefined;
      post({ type: 'reply', id: request.id, ok: true, value }, transfer);
    },
    (error: unknown) => post({ type: 'reply', id: request.id, ok: false, error: toWireError(error) }),
  );
});

await open();
