import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../../db/database.ts';
import type { ReadRouting } from '../../db/read-replica.ts';
import { mailCounts } from './metrics-repository.ts';

export interface Metrics {
  registry: Registry;
  /** One booking decision (requested, instant, accepted, declined, cancelled, expired, completed, conflict). */
  countBookingOutcome(outcome: string, count?: number): void;
  /** Adds the read replica's gauges (nothing without a replica). */
  watchReplica(reads: ReadRouting): void;
  /** The app's metrics and the process's, in Prometheus text format. */
  render(): Promise<string>;
}

/**
 * Node's process metrics describe the process, not an app: one registry for them per process, so
 * tests that build several apps do not start several event-loop monitors.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A registry per app (not prom-client's global one), so several apps in one process never collide. */
export function createMetrics(database: DatabaseHandle, log?: { warn(object: object, message: string): void }): Metrics {
  const registry = new Registry();
  const bookingOutcomes = new Counter({
    name: 'lina_booking_outcomes_total',
    help: 'Booking decisions: requested, instant, accepted, declined, cancelled, expired, completed, conflict (dates taken)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'lina_db_pool_clients',
    help: 'PostgreSQL pool clients by state (total, idle, waiting requests); absent on the embedded database',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return;
      for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
    },
  });
  // Read from the table at scrape time: the queue is shared by every instance.
  new Gauge({
    name: 'lina_mail_messages',
    help: 'Outgoing mail by status: queued (waiting to be sent) and failed (given up on)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      try {
        const counts = await mailCounts(database.db);
        this.set({ status: 'queued' }, counts.queued);
        this.set({ status: 'failed' }, counts.failed);
      } catch (error) {
        // An unreachable database must not take the process metrics down with it.
        log?.warn({ err: error }, 'metrics: mail counts unavailable');
        this.set({ status: 'queued' }, Number.NaN);
        this.set({ status: 'failed' }, Number.NaN);
      }
    },
  });
  return {
    registry,
    countBookingOutcome: (outcome, count = 1) => bookingOutcomes.inc({ outcome }, count),
    watchReplica(reads) {
      if (!reads.status()) return;
      // What the last periodic check found (server/db/read-replica.ts): a scrape adds no query.
      new Gauge({
        name: 'lina_db_replica_lag_seconds',
        help: 'How far the read replica (DATABASE_READ_URL) was behind the primary at its last check; NaN when it did not answer',
        registers: [registry],
        collect() {
          this.set(reads.status()?.lagSeconds ?? Number.NaN);
        },
      });
      new Gauge({
        name: 'lina_db_replica_in_use',
        help: 'Whether public reads go to the read replica (1) or to the primary because it is down or too far behind (0)',
        registers: [registry],
        collect() {
          this.set(reads.status()?.usable ? 1 : 0);
        },
      });
    },
    render: () => Registry.merge([registry, processMetrics()]).metrics(),
  };
}

/**
 * Counts every answer by route pattern (never the raw URL: every id would become a new series,
 * held in memory forever), method and status; unmatched URLs share one label.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics) {
  const labelNames = ['method', 'route', 'status_code'];
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers: [metrics.registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? '(unmatched)', status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}
