import { describe, expect, it } from 'vitest';
import {
  figuresFromReport,
  formatMainThreadTable,
  formatTable,
  mainThreadFigures,
  medianMainThread,
  medianRun,
  scriptsBeforeFirstRender,
  type LighthouseReport,
  type NetworkRequest,
} from './page-figures.ts';

const requests: NetworkRequest[] = [
  { url: 'http://x/', resourceType: 'Document', networkRequestTime: 0, transferSize: 4000 },
  { url: 'http://x/assets/index.js', resourceType: 'Script', networkRequestTime: 20, transferSize: 60_000 },
  { url: 'http://x/assets/vendor.js', resourceType: 'Script', networkRequestTime: 21, transferSize: 90_000 },
  { url: 'http://x/assets/index.css', resourceType: 'Stylesheet', networkRequestTime: 20, transferSize: 8000 },
  { url: 'http://x/assets/explore.js', resourceType: 'Script', networkRequestTime: 400, transferSize: 12_000 },
  { url: 'http://x/api/search', resourceType: 'Fetch', networkRequestTime: 420, transferSize: 3000 },
  { url: 'http://x/assets/never-started.js', resourceType: 'Script', transferSize: 0 },
];

function report(overrides: { fcpTs?: number; score?: number | null } = {}): LighthouseReport {
  const value = (numericValue: number) => ({ numericValue });
  return {
    environment: { benchmarkIndex: 900 },
    categories: { performance: { score: overrides.score === undefined ? 0.734 : overrides.score } },
    audits: {
      'first-contentful-paint': value(1800),
      'largest-contentful-paint': value(3200),
      'total-blocking-time': value(250.4),
      'cumulative-layout-shift': value(0.0123),
      interactive: value(5100),
      metrics: { details: { items: [{ observedFirstContentfulPaintTs: overrides.fcpTs ?? 5_300_000 }] } },
      'network-requests': { details: { items: requests, debugData: { networkStartTimeTs: 5_000_000 } } },
    },
  };
}

describe('page figures', () => {
  it('counts the scripts whose request started before the first render, in bytes on the wire', () => {
    expect(scriptsBeforeFirstRender(requests, 300)).toEqual({ bytes: 150_000, count: 2 });
    expect(scriptsBeforeFirstRender(requests, 401)).toEqual({ bytes: 162_000, count: 3 });
    expect(scriptsBeforeFirstRender(requests, 10)).toEqual({ bytes: 0, count: 0 });
  });

  it('reads one run: FCP on the clock of the network records, the score out of 100', () => {
    // FCP 300 ms after the first request (timestamps in microseconds).
    expect(figuresFromReport(report())).toEqual({
      score: 73,
      fcpMs: 1800,
      lcpMs: 3200,
      tbtMs: 250.4,
      cls: 0.0123,
      ttiMs: 5100,
      firstRenderJs: { bytes: 150_000, count: 2 },
      totalJs: { bytes: 162_000, count: 4 },
      benchmarkIndex: 900,
    });
    expect(figuresFromReport(report({ fcpTs: 5_500_000 })).firstRenderJs).toEqual({ bytes: 162_000, count: 3 });
  });

  it('refuses a report without a score or an observed FCP (Lighthouse failed on the page)', () => {
    expect(() => figuresFromReport(report({ score: null }))).toThrow(/score/);
    const broken = report();
    broken.audits.metrics = { details: { items: [{}] } };
    expect(() => figuresFromReport(broken)).toThrow(/FCP/);
  });

  it('picks the run nearest the median FCP and TTI, ties to the earlier TTI', () => {
    const run = (name: string, fcpMs: number, ttiMs: number) => ({ name, figures: { fcpMs, ttiMs } });
    expect(medianRun([run('a', 1000, 4000)]).name).toBe('a');
    expect(medianRun([run('slow', 3000, 9000), run('mid', 1500, 5200), run('fast', 1000, 4000)]).name).toBe('mid');
    // Two runs: the medians fall between them, equally far; the earlier TTI wins.
    expect(medianRun([run('later', 1200, 6000), run('earlier', 1000, 5000)]).name).toBe('earlier');
    expect(() => medianRun([])).toThrow();
  });

  it('formats a Markdown table with the figures right-aligned', () => {
    const figures = figuresFromReport(report());
    const table = formatTable([
      { page: 'explore', language: 'en', url: 'http://x/explore', figures },
      { page: 'explore', language: 'he', url: 'http://x/he/explore', figures: { ...figures, tbtMs: 1234.6, benchmarkIndex: null } },
    ]);
    expect(table.split('\n')).toEqual([
      '| page    | lang | score |    FCP |    LCP |    TTI |     TBT |   CLS | JS before FCP |     total JS | CPU index |',
      '| ------- | ---- | ----: | -----: | -----: | -----: | ------: | ----: | ------------: | -----------: | --------: |',
      '| explore | en   |    73 | 1.80 s | 3.20 s | 5.10 s |  250 ms | 0.012 |  146.5 KB (2) | 158.2 KB (4) |       900 |',
      '| explore | he   |    73 | 1.80 s | 3.20 s | 5.10 s | 1235 ms | 0.012 |  146.5 KB (2) | 158.2 KB (4) |         ? |',
    ]);
  });
});

describe('main-thread figures', () => {
  const origin = 'http://127.0.0.1:4000';
  // An old renderer (about:blank) and the page's, whose main thread (tid 1) ran the tasks; a
  // compositor thread (tid 2) runs tasks too, fewer of them.
  const task = (ts: number, durMs: number, tid = 1, pid = 20) => ({ name: 'RunTask', ph: 'X', pid, tid, ts, dur: durMs * 1000 });
  const events = [
    task(0, 400, 1, 10),
    { name: 'ResourceSendRequest', ph: 'I', pid: 20, tid: 1, ts: 1, args: { data: { url: `${origin}/blog` } } },
    task(1000, 120),
    { name: 'firstContentfulPaint', ph: 'R', pid: 20, tid: 1, ts: 200_000 },
    task(300_000, 30),
    task(400_000, 80),
    task(500_000, 210),
    task(500_000, 300, 2),
    task(600_000, 5, 2),
  ];

  it('counts the page renderer main thread: every task, and past 50 ms those after the first paint', () => {
    expect(mainThreadFigures(events, origin)).toEqual({ totalMs: 440, blockingAfterFcpMs: 30 + 160, longestTaskMs: 210 });
  });

  it('refuses a trace that never names the page or never painted', () => {
    expect(() => mainThreadFigures(events, 'http://elsewhere')).toThrow(/names http:\/\/elsewhere/);
    expect(() =>
      mainThreadFigures(
        events.filter((event) => event.name !== 'firstContentfulPaint'),
        origin,
      ),
    ).toThrow(/first contentful paint/);
  });

  it('takes the median of each figure and prints a table', () => {
    const runs = [
      { totalMs: 900, blockingAfterFcpMs: 300, longestTaskMs: 200 },
      { totalMs: 1000, blockingAfterFcpMs: 100, longestTaskMs: 250 },
      { totalMs: 1100, blockingAfterFcpMs: 200, longestTaskMs: 150 },
    ];
    const figures = medianMainThread(runs);
    expect(figures).toEqual({ totalMs: 1000, blockingAfterFcpMs: 200, longestTaskMs: 200 });
    expect(formatMainThreadTable([{ page: 'blog', language: 'he', figures }]).split('\n')).toEqual([
      '| page | lang | blocking after FCP | longest task | main thread in all |',
      '| ---- | ---- | -----------------: | -----------: | -----------------: |',
      '| blog | he   |             200 ms |       200 ms |            1000 ms |',
    ]);
  });
});
