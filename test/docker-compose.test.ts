// docker-compose.yml cannot run on the development machines (no Docker engine); this keeps it
// honest: its services, health checks, scaling, stop budgets and environment must match what the
// code reads and does.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ENV_KEYS } from "@/lib/env";
import { HAND_BACK_MS } from "@/lib/web/shutdown";
import { WORKER_STOP_MS } from "@/workers/stop-budget";

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[]; start_period?: string };
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: string | number };
  stop_grace_period?: string;
  volumes?: string[];
  ports?: string[];
  expose?: string[];
  configs?: { source: string; target: string }[];
}
const compose = parse(readFileSync("docker-compose.yml", "utf8"), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
  configs: Record<string, { content: string }>;
};
const { services } = compose;
const APP = ["setup", "web", "worker"];
const seconds = (d: string) => Number(/^(\d+)s$/.exec(d)![1]);

describe("docker-compose.yml", () => {
  it("runs Postgres with pgvector, a setup job, web servers, workers and a load balancer", () => {
    expect(Object.keys(services).sort()).toEqual(["lb", "postgres", "setup", "web", "worker"]);
    expect(services.postgres.image).toMatch(/^pgvector\/pgvector:pg\d+$/);
    for (const name of APP) expect(services[name].build).toBe(".");
    expect(existsSync("Dockerfile")).toBe(true);
  });

  it("scales web and worker by replicas, and reaches the web servers only through the load balancer", () => {
    expect(services.web.deploy?.replicas).toBe("${WEB_REPLICAS:-2}");
    expect(services.worker.deploy?.replicas).toBe("${WORKER_REPLICAS:-2}");
    // Replicas cannot share a host port: only the balancer publishes one.
    expect(services.web.ports).toBeUndefined();
    expect(services.web.expose).toEqual(["3000"]);
    expect(services.lb.ports).toEqual(["${PORT:-3000}:80"]);
    expect(services.lb.depends_on).toEqual({ web: { condition: "service_healthy" } });
    const nginx = compose.configs[services.lb.configs![0].source].content;
    expect(services.lb.configs![0].target).toBe("/etc/nginx/conf.d/default.conf");
    expect(nginx).toMatch(/server web:3000 resolve;/);
    expect(nginx).toMatch(/proxy_pass http:\/\/web;/);
    // Compose interpolates config content: nginx's variables must be written $$.
    expect(nginx.match(/(?<!\$)\$(?!\$)\w+/g)).toBeNull();
    expect(nginx).toContain("X-Request-Id $$request_id");
    expect(nginx).toContain("X-Forwarded-For $$proxy_add_x_forwarded_for");
  });

  it("keeps the database on a volume and nothing else on disk, and checks every long-running service's health", () => {
    expect(services.postgres.volumes).toContain("pgdata:/var/lib/postgresql/data");
    expect(Object.keys(compose.volumes)).toEqual(["pgdata"]);
    expect(services.postgres.healthcheck!.test.join(" ")).toContain("pg_isready");
    expect(services.web.healthcheck!.test.join(" ")).toContain("http://127.0.0.1:3000/api/health");
    const worker = services.worker.healthcheck!.test.join(" ");
    expect(worker).toContain("WORKER_HEARTBEAT_FILE");
    expect(services.worker.environment!.WORKER_HEARTBEAT_FILE).toMatch(/^\/tmp\//);
  });

  it("gives web and worker more time to stop than they take", () => {
    expect(seconds(services.worker.stop_grace_period!) * 1000).toBeGreaterThan(WORKER_STOP_MS.handBack + WORKER_STOP_MS.queue);
    expect(seconds(services.web.stop_grace_period!) * 1000).toBeGreaterThan(HAND_BACK_MS);
  });

  it("starts web and worker only after the setup job, and setup only on a healthy database", () => {
    expect(services.setup.depends_on).toEqual({ postgres: { condition: "service_healthy" } });
    for (const name of ["web", "worker"]) expect(services[name].depends_on).toEqual({ setup: { condition: "service_completed_successfully" } });
  });

  it("runs entry points that exist", () => {
    expect(services.setup.command).toEqual(["npx", "tsx", "scripts/seed.ts"]);
    expect(services.worker.command).toEqual(["npx", "tsx", "workers/index.ts"]);
    expect(services.web.command!.slice(4, 6)).toEqual(["node_modules/next/dist/bin/next", "start"]);
    expect(services.web.command).toContain("--max-semi-space-size=32");
    expect(services.web.command!.slice(2, 4)).toEqual(["--import", "./scripts/lib/request-gate-preload.mjs"]);
    for (const file of ["scripts/seed.ts", "workers/index.ts", "scripts/lib/request-gate-preload.mjs"]) expect(existsSync(file)).toBe(true);
  });

  it("sets only variables the code reads, and points DATABASE_URL at the compose database", () => {
    const pg = services.postgres.environment!;
    for (const name of APP) {
      const env = services[name].environment!;
      for (const key of Object.keys(env)) expect(ENV_KEYS, `${name}: ${key}`).toContain(key);
      const url = new URL(env.DATABASE_URL);
      expect(url.hostname).toBe("postgres");
      expect(decodeURIComponent(url.username)).toBe(pg.POSTGRES_USER);
      expect(decodeURIComponent(url.password)).toBe(pg.POSTGRES_PASSWORD);
      expect(url.pathname).toBe(`/${pg.POSTGRES_DB}`);
    }
    expect(services.web.environment!.PORT).toBe("3000");
  });
});
