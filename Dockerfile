# syntax=docker/dockerfile:1
# Tech Touchdown: multi-stage build on Node 24 LTS. The build stage installs everything, builds the
# client with Vite and bundles the server with esbuild (dist/server/index.js, the packages it uses
# included, plus its source map); the runtime stage has no node_modules at all (no TypeScript, no
# tsx, no browser packages, no SDK files the server never loads), only the bundled server and the
# built client, and runs as the unprivileged `node` user. Building needs BuildKit (Docker's default
# builder since 23.0): it reads the `# syntax=` line above and fetches that Dockerfile frontend.

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node node_modules/vite/bin/vite.js build && node scripts/build-server.mjs

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    SESSION_SECRET_FILE=/var/lib/tech-touchdown/session-secret
WORKDIR /app
# Owned by root and read-only for the app user: the app writes nothing to its own tree. package.json
# says "type": "module", which the bundled server (an ES module in a .js file) needs.
COPY package.json LICENSE NOTICE ./
# The licences and notices of every package bundled into the server and the client, written by the
# two builds from what they bundled (scripts/third-party.mjs).
COPY --from=build /app/dist/THIRD-PARTY-NOTICES.txt ./
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/dist/client ./dist/client
# Without SESSION_SECRET, the entrypoint makes one on the first start and keeps it in
# SESSION_SECRET_FILE; its folder (a volume in docker-compose.yml) is the one place the app writes.
COPY --chmod=755 deploy/docker-entrypoint.sh /usr/local/bin/tech-touchdown-entrypoint
RUN mkdir -p /var/lib/tech-touchdown && chown node:node /var/lib/tech-touchdown
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1 and gets SIGTERM from `docker stop`: the server shuts down gracefully. Stack
# traces point at the TypeScript sources through the source map. The entrypoint execs it.
ENTRYPOINT ["tech-touchdown-entrypoint"]
CMD ["node", "--enable-source-maps", "dist/server/index.js"]
