import { createServer, type Server } from 'node:http';

/**
 * A stand-in for an S3-compatible server: path-style PUT/GET/HEAD/DELETE of objects kept in
 * memory, refusing requests that are not SigV4-signed. Enough to check what the S3 adapter sends
 * and to share one bucket between several server processes in a test.
 */
export async function startS3StandIn(): Promise<{
  endpoint: string;
  objects: Map<string, { body: Buffer; type: string }>;
  close(): Promise<void>;
}> {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const server: Server = createServer((request, response) => {
    const key = decodeURIComponent(request.url!.split('?')[0]!);
    if (!request.headers.authorization?.startsWith('AWS4-HMAC-SHA256')) {
      response.writeHead(403).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const object = objects.get(key);
      if (request.method === 'PUT') {
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    objects,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
