// A password in front of the embedded database. PGlite trusts every connection, and its socket
// server listens on loopback: without this, any local process could bypass the portal's tokens.
// Each connection must answer a cleartext-password challenge (protocol v3, AuthenticationCleartext-
// Password; loopback only) with the random password kept in DATA_DIR/db-password (mode 0600) before
// its startup message reaches PGlite, which then answers as for any trusted connection.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import type { Socket } from "node:net";
import path from "node:path";
import type { PGLiteSocketServer } from "@electric-sql/pglite-socket";

const PROTOCOL_3 = 196608;
const SSL_REQUEST = 80877103;
const AUTH_TIMEOUT_MS = 10_000;

/** The database password of DATA_DIR, made (random, mode 0600) on first use. */
export function databasePassword(dataDir: string): string {
  const file = path.join(dataDir, "db-password");
  if (!existsSync(file)) writeFileSync(file, randomBytes(24).toString("base64url"), { mode: 0o600 });
  chmodSync(file, 0o600);
  return readFileSync(file, "utf8").trim();
}

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

function authMessage(code: number): Buffer {
  const b = Buffer.alloc(9);
  b.write("R", 0);
  b.writeInt32BE(8, 1);
  b.writeInt32BE(code, 5);
  return b;
}

function fatal(sqlState: string, message: string): Buffer {
  const body = Buffer.from(`SFATAL\0C${sqlState}\0M${message}\0\0`, "utf8");
  const head = Buffer.alloc(5);
  head.write("E", 0);
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/** Reads whole messages from a socket before anyone else listens to it. */
function reader(socket: Socket) {
  let buf = Buffer.alloc(0);
  let wake: (() => void) | null = null;
  const onData = (d: Buffer) => {
    buf = Buffer.concat([buf, d]);
    wake?.();
  };
  socket.on("data", onData);
  const need = async (n: number) => {
    while (buf.length < n) await new Promise<void>((r) => (wake = r));
  };
  return {
    /** An untyped message (startup, SSL request): int32 length first. */
    async untyped(): Promise<Buffer> {
      await need(4);
      const len = buf.readInt32BE(0);
      if (len < 8 || len > 10_000) throw new Error("bad startup message");
      await need(len);
      const m = buf.subarray(0, len);
      buf = buf.subarray(len);
      return m;
    },
    async typed(): Promise<{ type: string; body: Buffer }> {
      await need(5);
      const len = buf.readInt32BE(1);
      if (len < 4 || len > 10_000) throw new Error("bad message");
      await need(1 + len);
      const m = { type: String.fromCharCode(buf[0]), body: buf.subarray(5, 1 + len) };
      buf = buf.subarray(1 + len);
      return m;
    },
    done: () => socket.off("data", onData),
  };
}

/** The startup message of a client that gave the right password; null (socket closed) otherwise. */
async function authenticate(socket: Socket, expected: Buffer): Promise<Buffer | null> {
  const r = reader(socket);
  try {
    let startup = await r.untyped();
    if (startup.readInt32BE(4) === SSL_REQUEST) {
      socket.write("N");
      startup = await r.untyped();
    }
    if (startup.readInt32BE(4) !== PROTOCOL_3) throw new Error("unsupported protocol");
    socket.write(authMessage(3));
    const answer = await r.typed();
    const given = answer.body.subarray(0, Math.max(0, answer.body.indexOf(0))).toString("utf8");
    if (answer.type !== "p" || !timingSafeEqual(digest(given), expected)) {
      socket.end(fatal("28P01", 'password authentication failed for user "postgres"'));
      return null;
    }
    return Buffer.from(startup);
  } finally {
    r.done();
  }
}

/**
 * A client that resets its connection (a web server killed mid-query, or stopped while the
 * database stops) emits 'error' on its socket. Nothing listens while it authenticates, and
 * pglite-socket's handler removes every 'error' listener when it detaches, sometimes before the
 * reset arrives: an 'error' event without a listener is thrown, and would take down the process
 * hosting the database (npm start's supervisor). This listener stays: it destroys the socket.
 */
function guardErrors(socket: Socket): void {
  const guard = () => socket.destroy();
  socket.on("error", guard);
  const removeAll = socket.removeAllListeners.bind(socket);
  socket.removeAllListeners = ((event?: string | symbol) => {
    removeAll(event);
    if (event === undefined || event === "error") socket.on("error", guard);
    return socket;
  }) as Socket["removeAllListeners"];
}

/** Makes `server` admit only connections that know `password`. Call before server.start(). */
export function requirePassword(server: PGLiteSocketServer, password: string): void {
  const s = server as unknown as { handleConnection(socket: Socket): Promise<void> };
  const admit = s.handleConnection.bind(s);
  const expected = digest(password);
  s.handleConnection = async (socket: Socket) => {
    guardErrors(socket);
    socket.setTimeout(AUTH_TIMEOUT_MS, () => socket.destroy());
    const startup = await authenticate(socket, expected).catch(() => null);
    socket.setTimeout(0);
    if (!startup) {
      socket.destroy();
      return;
    }
    await admit(socket);
    // The handler listens now: it gets the startup message PGlite answers with AuthenticationOk.
    socket.emit("data", startup);
  };
}
