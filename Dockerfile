# syntax=docker/dockerfile:1
# Two images from one build: `web` (the portal's server on Next's standalone output) and `worker` (the worker, migrations and seed,
# bundled ahead of time by esbuild). Neither has dev dependencies, TypeScript or a loader; both run as the
# unprivileged `node` user of the official Node image. docker-compose.yml builds both targets.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: as on the machines the project is tested on; every binary it needs ships in its package.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1 NEXT_OUTPUT=standalone
RUN npm run build && npm run build:bundles && npm run build:web && cp -r db/migrations dist/migrations

FROM node:20-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts

FROM node:20-bookworm-slim AS web
WORKDIR /app
# One process per container (replicas scale it); WEB_CONCURRENCY > 1 would fork one per core, as npm start does.
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0 WEB_CONCURRENCY=1
# The standalone output (Next's server.js and the node_modules it traced; static assets are not part of it
# and are copied beside it), and the portal's own server (server/main.ts, as npm start runs it, bundled),
# which runs Next there and drains on SIGTERM (docs/operations.md).
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
COPY --from=build --chown=node:node /app/dist/web.js ./web.js
# A web process holds little between requests, but under a long bulk upload V8 lets garbage grow its heap to
# gigabytes before collecting; a bound keeps each process near its working size (docs/operations.md).
ENV NODE_OPTIONS=--max-old-space-size=384
USER node
EXPOSE 3000
# The process answers (not its dependencies: an outage of PostgreSQL must not restart every replica); the
# compose file asks /readyz before the load balancer starts. The image has node but no curl.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "web.js"]

FROM node:20-bookworm-slim AS worker
WORKDIR /app
ENV NODE_ENV=production
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/dist ./dist
RUN mkdir -p .data/mail && chown -R node:node .data
USER node
CMD ["node", "--max-old-space-size=160", "dist/worker.js"]
