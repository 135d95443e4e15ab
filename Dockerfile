# syntax=docker/dockerfile:1
# Galeno in one image: the API (TypeScript run through tsx, a production dependency) serving the built web app.
# Build: docker build -t galeno .   Run: see compose.yaml and docs/deployment.md ("Docker and Compose").

ARG NODE_IMAGE=node:20-bookworm-slim

# The manifests of every workspace: `npm ci` checks them against package-lock.json.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# Build stage: every dependency (Vite, Tailwind...), then the web app into apps/web/dist and apps/web/dist-ssr.
FROM manifests AS build
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY scripts/web-build-stamp.mjs scripts/
COPY packages/domain packages/domain
COPY apps/web apps/web
RUN npm run build

# Production dependencies only (tsx included: it is a dependency of the root package, not a devDependency).
FROM manifests AS deps
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

# Runtime: production dependencies, the API's sources, the domain package it imports, the content and the web build.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
# Owned by root and read-only to the app's user; only DATA_DIR is writable (PGlite without DATABASE_URL).
COPY --from=deps /app ./
COPY tsconfig.base.json ./
COPY packages/domain packages/domain
COPY apps/api apps/api
COPY content content
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Node's fetch: slim images have no curl. /api/health answers 503 when the database is unreachable or a stop began.
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# What `npm start` runs after its build check (scripts/start.mjs), without that check: the build is in the image.
# The server itself handles SIGTERM (drains, then exits), so node runs as PID 1 with no shell in between.
CMD ["node", "--no-memory-reducer", "--import", "tsx", "apps/api/src/server.ts"]
