// docker-compose.yml cannot run on the development machines (no Docker engine); this keeps it
// honest: its services, health checks and environment must match what the code reads.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ENV_KEYS } from "@/lib/env";

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
}
const compose = parse(readFileSync("docker-compose.yml", "utf8"), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const { services } = compose;

describe("docker-compose.yml", () => {
  it("runs Postgres with pgvector, a setup job, the web server and the worker", () => {
    expect(Object.keys(services).sort()).toEqual(["postgres", "setup", "web", "worker"]);
    expect(services.postgres.image).toMatch(/^pgvector\/pgvector:pg\d+$/);
    for (const name of ["setup", "web", "worker"]) expect(services[name].build).toBe(".");
    expect(existsSync("Dockerfile")).toBe(true);
  });

  it("keeps the database on a volume and checks every long-running service's health", () => {
    expect(services.postgres.volumes).toContain("pgdata:/var/lib/postgresql/data");
    expect(Object.keys(compose.volumes)).toContain("pgdata");
    expect(services.postgres.healthcheck!.test.join(" ")).toContain("pg_isready");
    expect(services.web.healthcheck!.test.join(" ")).toContain("/api/health");
  });

  it("starts web and worker only after the setup job, and setup only on a healthy database", () => {
    expect(services.setup.depends_on).toEqual({ postgres: { condition: "service_healthy" } });
    for (const name of ["web", "worker"]) expect(services[name].depends_on).toEqual({ setup: { condition: "service_completed_successfully" } });
  });

  it("runs entry points that exist", () => {
    expect(services.setup.command).toEqual(["npx", "tsx", "scripts/seed.ts"]);
    expect(services.worker.command).toEqual(["npx", "tsx", "workers/index.ts"]);
    expect(services.web.command!.slice(0, 3)).toEqual(["npx", "next", "start"]);
    for (const file of ["scripts/seed.ts", "workers/index.ts"]) expect(existsSync(file)).toBe(true);
  });

  it("sets only variables the code reads, and points DATABASE_URL at the compose database", () => {
    const pg = services.postgres.environment!;
    for (const name of ["setup", "web", "worker"]) {
      const env = services[name].environment!;
      for (const key of Object.keys(env)) expect(ENV_KEYS, `${name}: ${key}`).toContain(key);
      const url = new URL(env.DATABASE_URL);
      expect(url.hostname).toBe("postgres");
      expect(decodeURIComponent(url.username)).toBe(pg.POSTGRES_USER);
      expect(decodeURIComponent(url.password)).toBe(pg.POSTGRES_PASSWORD);
      expect(url.pathname).toBe(`/${pg.POSTGRES_DB}`);
    }
    expect(services.web.environment!.PORT).toBe("3000");
    expect(services.web.ports).toEqual(["${PORT:-3000}:3000"]);
  });
});
