import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addVary } from './http-cache.ts';

/** The encodings a client accepts (a `q=0` refuses one), br preferred: it is smaller at the same speed. */
export function pageEncodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, quality]) => !quality || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(quality))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * Compresses an HTML page the not-found handler sends (the web app's pages: it is not a route, so
 * @fastify/compress's per-route hook never runs for it). A listing page is about 160 KB of HTML and
 * embedded data, about 35 KB compressed: on a phone's slow network that is most of the first paint.
 * Brotli at quality 4, as @fastify/compress uses: quality 11 costs far more CPU per page.
 */
export function compressPage(request: FastifyRequest, reply: FastifyReply, body: Readable | string | Buffer): Readable | string | Buffer {
  addVary(reply, 'Accept-Encoding');
  const encoding = pageEncodingFor(request.headers['accept-encoding']);
  if (!encoding) return body;
  reply.header('Content-Encoding', encoding);
  reply.removeHeader('Content-Length');
  const compressor =
    encoding === 'br' ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }) : zlib.createGzip();
  const source = typeof body === 'string' || Buffer.isBuffer(body) ? Readable.from([body]) : body;
  source.on('error', (error) => compressor.destroy(error));
  return source.pipe(compressor);
}
