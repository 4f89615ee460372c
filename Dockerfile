# Planebot image: build with the full toolchain, ship only production dependencies and dist/.

# --- build: compile TypeScript (dev dependencies included) ---
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build

# --- runtime: production dependencies only, non-root ---
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PLANEBOT_DATA_DIR=/data \
    PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
# No native addon to compile: the embedded store is Node's built-in node:sqlite.
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY manifest.yml ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The same V8 flag as `npm start`: shorter young-generation pauses (docs/performance.md).
CMD ["node", "--max-semi-space-size=16", "dist/src/main.js"]
