import { createServer, type Server } from 'node:http';
import { switchable } from './switchable-server.ts';

/**
 * A stand-in for an S3-compatible server: path-style PUT/GET/HEAD/DELETE of objects kept in
 * memory, refusing requests that are not SigV4-signed. Enough to check what the S3 adapter sends
 * and to share one bucket between several server processes in a test. `port` fixes its address
 * (0: any free port); goDown/comeUp take it off the network and back, keeping the objects.
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
