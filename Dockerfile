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
RUN npm ci --no-audit --no-fund && npm run build -w @hamlog/web
ENV NODE_ENV=production PORT=8080
EXPOSE 8080
CMD ["npm", "run", "start", "-w", "@hamlog/gateway"]
