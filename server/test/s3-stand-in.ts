import { createServer, type Server } from 'node:http';
import { switchable } from './switchable-server.ts';

/**
 * A stand-in for an S3-compatible server: path-style PUT/GET/HEAD/DELETE of objects kept in
 * memory, and ListObjectsV2 (GET /<bucket>?list-type=2&prefix=…, in pages of max-keys, 1000 by
 * default, with continuation tokens), refusing requests that are not SigV4-signed. Enough to check
 * what the S3 adapter and the backup store send and to share one bucket between several server
 * processes in a test. `port` fixes its address (0: any free port); goDown/comeUp take it off the
 * network and back, keeping the objects.
 */
export async function startS3StandIn(options: { port?: number } = {}): Promise<{
  endpoint: string;
  objects: Map<string, { body: Buffer; type: string }>;
  goDown(): Promise<void>;
  comeUp(): Promise<void>;
  close(): Promise<void>;
}> {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const server: Server = createServer((request, response) => {
    const [pathPart, queryPart] = request.url!.split('?');
    const key = decodeURIComponent(pathPart!);
    const query = new URLSearchParams(queryPart ?? '');
    if (!request.headers.authorization?.startsWith('AWS4-HMAC-SHA256')) {
      response.writeHead(403).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const object = objects.get(key);
      if (request.method === 'GET' && query.get('list-type') === '2') {
        response.writeHead(200, { 'Content-Type': 'application/xml' }).end(listObjects(objects, key, query));
      } else if (request.method === 'PUT') {
        if (request.headers['content-encoding']?.includes('aws-chunked')) {
          // Not implemented here (nor by every S3-compatible store): the client must send plain bodies.
          response.writeHead(501, { 'Content-Type': 'application/xml' }).end('<Error><Code>NotImplemented</Code></Error>');
          return;
        }
        objects.set(key, { body: Buffer.concat(chunks), type: String(request.headers['content-type']) });
        response.writeHead(200, { ETag: '"x"' }).end();
      } else if (request.method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204).end();
      } else if (!object) {
        response
          .writeHead(404, { 'Content-Type': 'application/xml' })
          .end(request.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code></Error>');
      } else {
        response.writeHead(200, { 'Content-Type': object.type, 'Content-Length': object.body.length });
        response.end(request.method === 'HEAD' ? undefined : object.body);
      }
    });
  });
  const listener = switchable(server, { port: options.port, dropConnections: () => server.closeAllConnections() });
  await listener.listen();
  return {
    endpoint: `http://127.0.0.1:${listener.port}`,
    objects,
    goDown: listener.goDown,
    comeUp: listener.comeUp,
    close: listener.close,
  };
}

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** ListObjectsV2's answer for path `/<bucket>`: keys in order, a page at a time (the token is the last key sent). */
function listObjects(objects: Map<string, { body: Buffer }>, bucketPath: string, query: URLSearchParams): string {
  const bucketPrefix = `${bucketPath.replace(/\/$/, '')}/`;
  const prefix = query.get('prefix') ?? '';
  const after = query.get('continuation-token') ?? query.get('start-after') ?? '';
  const maxKeys = Math.min(1000, Number(query.get('max-keys') ?? 1000));
  const keys = [...objects.keys()]
    .filter((stored) => stored.startsWith(bucketPrefix))
    .map((stored) => stored.slice(bucketPrefix.length))
    .filter((name) => name.startsWith(prefix) && name > after)
    .sort();
  const page = keys.slice(0, maxKeys);
  const truncated = keys.length > page.length;
  const contents = page
    .map(
      (name) =>
        `<Contents><Key>${escapeXml(name)}</Key><Size>${objects.get(bucketPrefix + name)!.body.length}</Size>` +
        `<LastModified>2026-11-27T00:00:00.000Z</LastModified><ETag>"x"</ETag><StorageClass>STANDARD</StorageClass></Contents>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<Name>${escapeXml(bucketPrefix.slice(1, -1))}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
    `<MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
    (truncated ? `<NextContinuationToken>${escapeXml(page.at(-1)!)}</NextContinuationToken>` : '') +
    `${contents}</ListBucketResult>`
  );
}
