# syntax=docker/dockerfile:1
# The production image of docs/deployment.md: the compiled server, worker and web app, the
# server's production dependencies, run by `node` as the unprivileged user `node`.
#   docker build -t reprise:latest .
#   API:    docker run reprise:latest                  (node apps/server/dist/main.js)
#   worker: docker run reprise:latest node apps/server/dist/worker-main.js

# 0. the workspaces' manifests and the lock: what npm ci reads (a layer cached until they change)
FROM node:24-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# 1. build: every dependency, then `npm run build` (Vite for the web app, esbuild for the server)
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. the server's production dependencies alone (the bundle keeps npm packages external)
FROM manifests AS dependencies
RUN npm ci --omit=dev --workspace @reprise/server --no-audit --no-fund

# 3. the image: no compiler, no sources, no root
FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=dependencies /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/assets apps/server/assets
COPY --from=build /app/apps/web/dist apps/web/dist
USER node
# HTTP, the built-in SFTP server, the metrics listener (METRICS_PORT)
EXPOSE 3000 2222 9464
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
