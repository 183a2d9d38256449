# One image for the web server, the worker and the one-shot setup job (docker-compose.yml).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
# Dependencies first: a layer that only changes with them.
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npx next build
ENV NODE_ENV=production
EXPOSE 3000
CMD ["npx", "next", "start", "-p", "3000"]
