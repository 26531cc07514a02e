# syntax=docker/dockerfile:1
# Tech Touchdown: multi-stage build on Node 24 LTS. The build stage installs everything, builds the
# client with Vite and compiles the server with esbuild (dist/server/index.js plus its source map);
# the runtime stage has production dependencies only (no TypeScript, no tsx, no browser packages),
# the compiled server and the built client, and runs as the unprivileged `node` user.

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node node_modules/vite/bin/vite.js build && node scripts/build-server.mjs

FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# Production dependencies only, less what Node never loads: type declarations, TypeScript sources
# and source maps (about 40 of the 90 MB, openai's and twilio's above all). Licences and JS stay.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
 && find node_modules -type f \( -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.map' \) -delete

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app
# Owned by root and read-only for the app user: the app writes nothing to its own tree.
COPY --from=prod-deps /app/node_modules ./node_modules
# package.json says "type": "module", which the compiled server (ES module in a .js file) needs.
COPY package.json LICENSE ./
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/dist/client ./dist/client
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1 and gets SIGTERM from `docker stop`: the server shuts down gracefully. Stack
# traces point at the TypeScript sources through the source map.
CMD ["node", "--enable-source-maps", "dist/server/index.js"]
