// `npm start`'s web server when WEB_PROCESSES > 1: `next start` in that many processes behind one
// port. The primary accepts the connections and hands each to the server holding the fewest open
// connections at that moment (ties in turn); each server's Next.js listens on a private loopback
// port of its own (web-cluster-server.mjs) and takes the connections handed to it as if it had
// accepted them. One Next.js process renders on one core; the read model and the caches are per
// process and keyed by the data version, so the processes answer alike.
// Usage: node web-cluster.mjs N NEXT_BIN start -p PORT [-H HOST].
//
// Why not node:cluster's own round-robin: it hands a connection to the first server that has
// acknowledged the previous one, so a server busy on a 100 ms capability query acknowledges late and
// gets fewer. With keep-alive clients that arrive together (a load test, a page's parallel
// fetches) the split stays skewed for as long as they stay connected: bench:load's 50 clients
// were split 40 / 10 on two servers, and the 40 waited three times as long as the 10 (p95 4.8 s
// against ~2 s balanced). Counting open connections splits them evenly whatever each server is busy with.
//
// The primary is what `npm start` supervises: SIGTERM/SIGINT stop its accepting and are passed on
// to every server, which finishes its requests (lib/web/shutdown.ts) before the primary exits; a
// server that dies otherwise takes the group down (exit 1), so the supervisor restarts it with
// back-off as it would one `next start`. A server whose primary dies — even by SIGKILL — exits at
// once (node:cluster ends a worker whose IPC channel closes unexpectedly). The public port is bound
// once a first server is ready (until then connections are refused, as with one `next start`).
import cluster from "node:cluster";
import net from "node:net";
import path from "node:path";

const [count, nextBin, ...nextArgs] = process.argv.slice(2);
const n = Number(count);
if (!Number.isInteger(n) || n < 1 || !nextBin) {
  console.error("usage: web-cluster.mjs N NEXT_BIN start -p PORT [-H HOST]");
  process.exit(2);
}
const flag = (names) => {
  const i = nextArgs.findIndex((a) => names.includes(a));
  return i >= 0 ? nextArgs[i + 1] : undefined;
};
const port = Number(flag(["-p", "--port"]) ?? process.env.PORT ?? 3000);
const host = flag(["-H", "--hostname"]);

// Each server: the primary's flags, and the preload that moves its listening to a private port.
const serverSide = path.join(import.meta.dirname, "web-cluster-server.mjs");
cluster.setupPrimary({ exec: nextBin, args: nextArgs, execArgv: [...process.execArgv, "--import", serverSide] });

/** Ready servers and their open connections. */
const open = new Map();
let turn = 0;

/** The ready server with the fewest open connections, ties in turn; undefined before any is ready. */
function leastLoaded() {
  const ready = [...open.keys()];
  if (ready.length === 0) return undefined;
  let best;
  for (let k = 0; k < ready.length; k++) {
    const w = ready[(turn + k) % ready.length];
    if (best === undefined || open.get(w) < open.get(best)) best = w;
  }
  turn = (turn + 1) % ready.length;
  return best;
}

function handOut(socket) {
  // None ready: the port is bound only once one is, and a server that ends stops the group.
  const worker = leastLoaded();
  if (!worker) return void socket.destroy();
  open.set(worker, open.get(worker) + 1);
  worker.send({ portal: "connection" }, socket, (err) => {
    if (!err) return;
    open.set(worker, Math.max(0, (open.get(worker) ?? 1) - 1));
    socket.destroy();
  });
}

const server = net.createServer({ pauseOnConnect: true }, handOut);
server.on("error", (err) => {
  console.error(`[web-cluster] cannot listen on port ${port}: ${err.message}`);
  process.exitCode = 1;
  stop("SIGTERM");
});

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (server.listening) server.close();
  for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGTERM"));

cluster.on("message", (worker, msg) => {
  if (msg?.portal === "ready" && !stopping) {
    open.set(worker, 0);
    if (!server.listening) server.listen(port, host);
  } else if (msg?.portal === "closed" && open.has(worker)) {
    open.set(worker, Math.max(0, open.get(worker) - 1));
  }
});

cluster.on("exit", (worker, code, signal) => {
  open.delete(worker);
  const left = Object.keys(cluster.workers ?? {}).length;
  if (!stopping) {
    console.error(`[web-cluster] server ${worker.process.pid} ended (${signal ?? `code ${code}`}): stopping the group`);
    process.exitCode = 1;
    stop("SIGTERM");
  }
  if (left === 0) process.exit(process.exitCode ?? 0);
});

for (let i = 0; i < n; i++) cluster.fork({ WEB_PROCESS_INDEX: String(i), WEB_CLUSTER_PORT: String(port) });
