/**
 * The pure part of the pages benchmark (`scripts/bench-pages.ts`): the figures read from one
 * Lighthouse report, the median of several runs, and the table printed at the end. It takes the
 * report as plain JSON, so it is tested without running Lighthouse.
 */

/** The parts of a Lighthouse result (LHR) these figures read. */
export interface LighthouseReport {
  environment?: { benchmarkIndex?: number };
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
}

/** One row of Lighthouse's `network-requests` audit (times in ms from the first request). */
export interface NetworkRequest {
  url: string;
  resourceType?: string;
  networkRequestTime?: number;
  transferSize?: number;
  experimentalFromMainFrame?: boolean;
}

export interface PageFigures {
  /** 0-100, Lighthouse's performance score. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Time to interactive: with FCP, what Lighthouse itself uses to pick a median run. */
  ttiMs: number;
  /** Scripts requested before the first contentful paint of the observed (unthrottled) load. */
  firstRenderJs: { bytes: number; count: number };
  /** Every script the page loaded until Lighthouse stopped watching. */
  totalJs: { bytes: number; count: number };
  /** Lighthouse's measure of the machine's CPU speed during the run (lower: slower or busier). */
  benchmarkIndex: number | null;
}

export interface PageResult {
  page: string;
  language: string;
  url: string;
  figures: PageFigures;
}

const isScript = (request: NetworkRequest) => request.resourceType === 'Script';

/**
 * Scripts requested before the first render, counted in bytes on the wire (compressed, as the server
 * sent them, headers included). Rule: a script counts when its request started before the observed
 * first contentful paint. Why: whatever the page asks for before anything is on screen competes with
 * the first render for a phone's bandwidth and CPU, whether it is render-blocking, a module, a
 * modulepreload or a chunk an early script imports; a script asked for after FCP does not delay it.
 */
export function scriptsBeforeFirstRender(requests: readonly NetworkRequest[], fcpFromFirstRequestMs: number) {
  return sumScripts(requests.filter((request) => (request.networkRequestTime ?? Infinity) < fcpFromFirstRequestMs));
}

function sumScripts(requests: readonly NetworkRequest[]) {
  const scripts = requests.filter(isScript);
  return { bytes: scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0), count: scripts.length };
}

function numeric(report: LighthouseReport, audit: string): number {
  const value = report.audits[audit]?.numericValue;
  if (typeof value !== 'number' || Number.isNaN(value)) throw new Error(`the Lighthouse report has no value for ${audit}`);
  return value;
}

interface TableDetails {
  items?: unknown[];
  debugData?: { networkStartTimeTs?: number };
}

/** Reads the figures of one run. Throws when the report lacks one (Lighthouse then hit an error on the page). */
export function figuresFromReport(report: LighthouseReport): PageFigures {
  const network = report.audits['network-requests']?.details as TableDetails | undefined;
  const requests = (network?.items ?? []) as NetworkRequest[];
  const metrics = ((report.audits.metrics?.details as TableDetails | undefined)?.items?.[0] ?? {}) as {
    observedFirstContentfulPaintTs?: number;
  };
  const networkStartTs = network?.debugData?.networkStartTimeTs;
  const fcpTs = metrics.observedFirstContentfulPaintTs;
  if (networkStartTs === undefined || fcpTs === undefined) throw new Error('the Lighthouse report has no observed FCP or network start');
  const score = report.categories.performance?.score;
  if (typeof score !== 'number') throw new Error('the Lighthouse report has no performance score');
  return {
    score: Math.round(score * 100),
    fcpMs: numeric(report, 'first-contentful-paint'),
    lcpMs: numeric(report, 'largest-contentful-paint'),
    tbtMs: numeric(report, 'total-blocking-time'),
    cls: numeric(report, 'cumulative-layout-shift'),
    ttiMs: numeric(report, 'interactive'),
    // Both timestamps are Chrome's monotonic clock in microseconds; request times are ms from the first request.
    firstRenderJs: scriptsBeforeFirstRender(requests, (fcpTs - networkStartTs) / 1000),
    totalJs: sumScripts(requests),
    benchmarkIndex: report.environment?.benchmarkIndex ?? null,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The run closest to the median FCP and the median time to interactive, ties to the earlier TTI:
 * Lighthouse's own `computeMedianRun`. Why one real run and not the median of each figure: the figures
 * of one run belong together (its score comes from its LCP and TBT).
 */
export function medianRun<T extends { figures: Pick<PageFigures, 'fcpMs' | 'ttiMs'> }>(runs: readonly T[]): T {
  if (runs.length === 0) throw new Error('no runs');
  const fcp = median(runs.map((run) => run.figures.fcpMs));
  const tti = median(runs.map((run) => run.figures.ttiMs));
  const distance = (run: T) => (run.figures.fcpMs - fcp) ** 2 + (run.figures.ttiMs - tti) ** 2;
  return [...runs].sort((a, b) => distance(a) - distance(b) || a.figures.ttiMs - b.figures.ttiMs)[0]!;
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * A Markdown table, one row per page and language in the order given, ready to paste into
 * docs/performance.md. The last column is the run's CPU benchmark index, so that a slow figure can be
 * told apart from a busy machine.
 */
export function formatTable(results: readonly PageResult[]): string {
  const header = ['page', 'lang', 'score', 'FCP', 'LCP', 'TTI', 'TBT', 'CLS', 'JS before FCP', 'total JS', 'CPU index'];
  const rows = results.map(({ page, language, figures: f }) => [
    page,
    language,
    String(f.score),
    seconds(f.fcpMs),
    seconds(f.lcpMs),
    seconds(f.ttiMs),
    `${Math.round(f.tbtMs)} ms`,
    f.cls.toFixed(3),
    `${kilobytes(f.firstRenderJs.bytes)} (${f.firstRenderJs.count})`,
    `${kilobytes(f.totalJs.bytes)} (${f.totalJs.count})`,
    f.benchmarkIndex === null ? '?' : String(Math.round(f.benchmarkIndex)),
  ]);
  return markdownTable(header, rows);
}

/** A Markdown table whose first two columns (page, language) are text and the others right-aligned figures. */
function markdownTable(header: readonly string[], rows: readonly string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const textColumns = 2;
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => (column < textColumns ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  const rule = `| ${widths.map((width, column) => (column < textColumns ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** One event of a Chrome trace (the JSON trace format's fields these figures read). */
export interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: Record<string, unknown>;
}

/** The main thread's work during one page load, from a Chrome trace taken under CPU throttling. */
export interface MainThreadFigures {
  /** Every task on the page's main thread from the first to the end of the trace. */
  totalMs: number;
  /** Blocking time as Lighthouse defines it (each task's time past 50 ms), for tasks after the first contentful paint. */
  blockingAfterFcpMs: number;
  /** The longest task after the first contentful paint. */
  longestTaskMs: number;
}

/**
 * The main-thread figures of one page load. The page's renderer is the process whose events name
 * the page's origin most often (a navigation can move the page to a new process after tracing
 * starts), its main thread the one that ran most tasks; tasks are its `RunTask` events. Why beside
 * Lighthouse's TBT: Lighthouse simulates a slow phone from an unthrottled load, and on a machine whose
 * speed changes from minute to minute its scores move by 10-20 points between runs of one build; a
 * load really slowed by Chrome (DevTools' CPU throttling) shows what the page itself does.
 */
export function mainThreadFigures(events: readonly TraceEvent[], origin: string): MainThreadFigures {
  const mentions = new Map<number, number>();
  for (const event of events) {
    if (event.args && JSON.stringify(event.args).includes(origin)) mentions.set(event.pid, (mentions.get(event.pid) ?? 0) + 1);
  }
  const pid = [...mentions].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (pid === undefined) throw new Error(`no event of the trace names ${origin}`);
  const taskCounts = new Map<number, number>();
  for (const event of events) {
    if (event.pid === pid && event.name === 'RunTask') taskCounts.set(event.tid, (taskCounts.get(event.tid) ?? 0) + 1);
  }
  const tid = [...taskCounts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const tasks = events.filter((event) => event.pid === pid && event.tid === tid && event.name === 'RunTask' && event.ph === 'X');
  const fcp = events.filter((event) => event.pid === pid && event.name === 'firstContentfulPaint').at(-1)?.ts;
  if (fcp === undefined) throw new Error('the trace has no first contentful paint');
  const durationMs = (event: TraceEvent) => (event.dur ?? 0) / 1000;
  const afterFcp = tasks.filter((event) => event.ts >= fcp);
  return {
    totalMs: tasks.reduce((sum, event) => sum + durationMs(event), 0),
    blockingAfterFcpMs: afterFcp.reduce((sum, event) => sum + Math.max(0, durationMs(event) - 50), 0),
    longestTaskMs: Math.max(0, ...afterFcp.map(durationMs)),
  };
}

/** The median of each main-thread figure over several loads (each figure on its own: they are not one run's). */
export function medianMainThread(runs: readonly MainThreadFigures[]): MainThreadFigures {
  if (runs.length === 0) throw new Error('no runs');
  return {
    totalMs: median(runs.map((run) => run.totalMs)),
    blockingAfterFcpMs: median(runs.map((run) => run.blockingAfterFcpMs)),
    longestTaskMs: median(runs.map((run) => run.longestTaskMs)),
  };
}

/** A Markdown table of the main-thread figures, one row per page and language. */
export function formatMainThreadTable(rows: readonly { page: string; language: string; figures: MainThreadFigures }[]): string {
  const header = ['page', 'lang', 'blocking after FCP', 'longest task', 'main thread in all'];
  const cells = rows.map(({ page, language, figures: f }) => [
    page,
    language,
    `${Math.round(f.blockingAfterFcpMs)} ms`,
    `${Math.round(f.longestTaskMs)} ms`,
    `${Math.round(f.totalMs)} ms`,
  ]);
  return markdownTable(header, cells);
}
