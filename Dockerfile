# One image for every service; docker-compose.yml picks the workspace to start.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json turbo.json tsconfig.base.json ./
COPY domain ./domain
COPY infra ./infra
COPY command-api ./command-api
COPY query-api ./query-api
COPY projectors ./projectors
COPY stream ./stream
COPY gateway ./gateway
COPY web ./web
COPY e2e/package.json ./e2e/package.json
COPY bench/package.json ./bench/package.json
COPY scripts ./scripts
RUN npm ci --no-audit --no-fund && npm run build -w @hamlog/web && npm run build:services
ENV NODE_ENV=production PORT=8080
EXPOSE 8080
# The one-process default; docker-compose.yml runs each service's build instead (node dist/services/<name>.js).
CMD ["node", "--import", "tsx", "gateway/src/main.ts"]
