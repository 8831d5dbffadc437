# syntax=docker/dockerfile:1
# Adhelm's image: built once, run by a non-root user, its data in a volume at /data.
# Several nodes: compose.yaml (README, "Running on several nodes"; docs/SCALING.md).
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Every dependency: the build needs React Router's CLI, Vite and Tailwind (dev dependencies).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# 2. The production build of the pages (build/). The server itself runs its TypeScript sources
#    with Node's type stripping, so nothing else is compiled.
FROM deps AS build
COPY . .
RUN NODE_ENV=production npx react-router build

# 3. Runtime dependencies only: the server imports no dev dependency (sharp brings its prebuilt
#    libvips for linux-x64 and linux-arm64 through its optional packages).
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 4. The image: sources and build owned by root (read-only to the app), /data owned by the app.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/package-lock.json /app/vite.config.ts /app/react-router.config.ts /app/tsconfig.json ./
COPY --from=build /app/app ./app
COPY --from=build /app/core ./core
COPY --from=build /app/connectors ./connectors
COPY --from=build /app/adapters ./adapters
COPY --from=build /app/server ./server
COPY --from=build /app/simulator ./simulator
COPY --from=build /app/content ./content
COPY --from=build /app/public ./public
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/build ./build
# `npm start` rebuilds a build older than its sources, which needs the dev dependencies this stage
# does not have: refuse to make an image whose build would be rebuilt at start.
RUN node --input-type=module -e "const { isBuildStale } = await import('./scripts/build-if-stale.ts'); if (isBuildStale()) { console.error('build/ is older than its sources'); process.exit(1); }" \
 && mkdir -p /data \
 && chown node:node /data \
 && chmod 0700 /data
# The node image's own unprivileged user (uid 1000).
USER node
VOLUME ["/data"]
EXPOSE 3000
# /healthz answers 200 when the database answers (server/routes/healthz.ts). The slim image has no
# curl, so Node asks.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Migrates (one node at a time: kysely's migration lock), then serves; SIGTERM drains in-flight requests.
CMD ["node", "scripts/start.ts"]
