import { z } from 'zod';

// zod compiles parsers with new Function() where it may; our Content-Security-Policy forbids eval,
// so it must not even try (the attempt is reported as a policy violation). Imported first by
// main.tsx: schemas read this setting when they are created.
z.config({ jitless: true });
