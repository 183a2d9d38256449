import net from "node:net";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { ApiError, DATABASE_RETRY_AFTER_SECONDS, fromDatabaseError } from "./errors";

/** A loopback port nothing listens on (taken, then closed). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** A server that accepts connections and never answers: a database that hangs. */
const held: net.Socket[] = [];
const silent = net.createServer((socket) => void held.push(socket));
afterAll(() => {
  for (const socket of held) socket.destroy();
  return new Promise((r) => silent.close(r));
});

const caught = (p: Promise<unknown>) => p.then(() => { throw new Error("expected a failure"); }, (err: unknown) => err);

function expectUnavailable(err: unknown) {
  const api = fromDatabaseError(err);
  expect(api, String(err)).toBeInstanceOf(ApiError);
  expect(api!.status).toBe(503);
  expect(api!.code).toBe("unavailable");
  expect(api!.headers["Retry-After"]).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
}

describe("fromDatabaseError", () => {
  it("maps a refused connection, as node-postgres reports it, to 503 with Retry-After", async () => {
    const port = await closedPort();
    const pool = new pg.Pool({ connectionString: `postgresql://x:y@127.0.0.1:${port}/db`, max: 1 });
    try {
      expectUnavailable(await caught(pool.query("SELECT 1")));
    } finally {
      await pool.end();
    }
  });

  it("maps a pool that cannot connect in time (a hung server) to 503", async () => {
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const { port } = silent.address() as net.AddressInfo;
    const pool = new pg.Pool({ connectionString: `postgresql://x:y@127.0.0.1:${port}/db`, max: 1, connectionTimeoutMillis: 300 });
    try {
      expectUnavailable(await caught(pool.query("SELECT 1")));
    } finally {
      await pool.end();
    }
  });

  it("maps Postgres's shutdown, crash, starting-up, too-many-connections and class 08 states to 503", () => {
    for (const code of ["57P01", "57P02", "57P03", "53300", "08006", "08001", "08P01"]) expectUnavailable(Object.assign(new Error("x"), { code }));
    expectUnavailable(new AggregateError([Object.assign(new Error("a"), { code: "ECONNREFUSED" })], "connect failed"));
    expectUnavailable(new Error("Connection terminated unexpectedly"));
    expectUnavailable(new Error("query failed", { cause: Object.assign(new Error("x"), { code: "ECONNRESET" }) }));
  });

  it("keeps client faults as 4xx and leaves other errors to the 500", () => {
    expect(fromDatabaseError(Object.assign(new Error("dup"), { code: "23505" }))?.status).toBe(409);
    expect(fromDatabaseError(Object.assign(new Error("fk"), { code: "23503" }))?.status).toBe(404);
    for (const err of [Object.assign(new Error("syntax"), { code: "42601" }), Object.assign(new Error("cancel"), { code: "57014" }), new Error("boom"), null, "text"]) {
      expect(fromDatabaseError(err)).toBeNull();
    }
  });
});
