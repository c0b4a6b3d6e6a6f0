# The site as a container image, for docker-compose.yml (README "Search engines", Typesense):
# the production build served by server.ts, the store and the e-mail outbox in /data.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production PORT=3000 DATABASE_URL=/data/pistepris.db OUTBOX_DIR=/data/outbox
VOLUME /data
EXPOSE 3000
# Healthy while GET /readyz answers 200 (docs/operations.md#health); Node is in the image, curl is not.
HEALTHCHECK --interval=10s --timeout=5s --start-period=180s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
CMD ["node", "--import", "tsx", "server.ts"]
