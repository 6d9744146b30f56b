import http from 'node:http';
import { hasMetricsToken } from './metrics-access.ts';
import type { Metrics } from './metrics.ts';
import { prometheusContentType } from './metrics-routes.ts';

/**
 * METRICS_PORT: a second listener that serves GET /metrics and nothing else, for a scraper on a
 * private network while the public port has no /metrics at all. METRICS_TOKEN still applies if set.
 */
export async function startMetricsServer(options: { metrics: Metrics; port: number; host: string; token?: string }): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (options.token && !hasMetricsToken(request.headers.authorization, options.token)) {
      response.writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer' }).end('A metrics token is required\n');
      return;
    }
    options.metrics.render().then(
      (text) => response.writeHead(200, { 'Content-Type': prometheusContentType, 'Cache-Control': 'no-store' }).end(text),
      () => response.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
