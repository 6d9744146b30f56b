/**
 * A small TLS + HTTP/2 front for a local server, for `npm run bench:pages -- --http2`: phones reach
 * the site through the TLS proxy of docs/deploy.md (Caddy speaks HTTP/2 by default), where a page's
 * scripts share one connection, while the built server alone speaks HTTP/1.1, where Chromium opens
 * six connections per origin and Lighthouse's simulation queues the rest. Loopback only; the
 * certificate is self-signed for this run (made with the machine's openssl) and Chromium is told to
 * accept it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';

/** Headers that belong to one connection and never cross a proxy (RFC 9110 §7.6.1, RFC 9113 §8.2.2). */
const connectionHeaders = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings', 'te']);

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lina-h2-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
      ].concat(['-addext', 'subjectAltName=DNS:localhost', '-keyout', key, '-out', cert]),
      { stdio: ['ignore', 'ignore', 'pipe'], timeout: 10_000 },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startHttp2Proxy(upstream: string, port: number): Promise<{ url: string; close(): Promise<void> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer(selfSignedCertificate());
  server.on('stream', (stream, headers) => {
    const forwarded: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) {
      if (!name.startsWith(':') && !connectionHeaders.has(name) && value !== undefined) forwarded[name] = value;
    }
    forwarded.host = headers[':authority'];
    const request = http.request(
      `${upstream}${headers[':path'] ?? '/'}`,
      { method: headers[':method'] ?? 'GET', headers: forwarded, agent },
      (response) => {
        const answer: http2.OutgoingHttpHeaders = { ':status': response.statusCode ?? 502 };
        for (const [name, value] of Object.entries(response.headers)) {
          if (!connectionHeaders.has(name) && value !== undefined) answer[name] = value;
        }
        if (stream.destroyed) return response.resume();
        stream.respond(answer);
        response.pipe(stream);
      },
    );
    request.on('error', () => {
      if (stream.destroyed) return;
      if (!stream.headersSent) stream.respond({ ':status': 502 });
      stream.end();
    });
    stream.on('error', () => request.destroy());
    stream.pipe(request);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `https://localhost:${port}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
