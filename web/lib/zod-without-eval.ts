// zod compiles parsers with new Function() where it may; our Content-Security-Policy forbids eval,
// so it must not even try (the attempt is reported as a policy violation). Imported first by
// main.tsx and entry-server.tsx: schemas read this setting when they are created.
// Set through zod's global config object (what z.config() writes, zod/v4/core/core.js) rather than
// z.config(), so that the shell does not import zod: zod loads with the pages and forms that use it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// Changed in place: zod keeps a reference to this object once it has loaded.
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
