// `npm start`'s web server when WEB_PROCESSES > 1: `next start` in that many processes sharing one
// port (node:cluster; the primary accepts connections and hands them out in turn). One Next.js
// process renders on one core; the read model and the caches are per process and keyed by the data
// version, so the processes answer alike. Usage: node web-cluster.mjs N NEXT_BIN start -p PORT.
//
// The primary is what `npm start` supervises: SIGTERM/SIGINT are passed on to every server, which
// finishes its requests (lib/web/shutdown.ts) before the primary exits; a server that dies
// otherwise takes the group down (exit 1), so the supervisor restarts it with back-off as it would
// one `next start`. A server whose primary dies — even by SIGKILL — exits at once (node:cluster
// ends a worker whose IPC channel closes unexpectedly).
import cluster from "node:cluster";

const [count, nextBin, ...nextArgs] = process.argv.slice(2);
const n = Number(count);
if (!Number.isInteger(n) || n < 1 || !nextBin) {
  console.error("usage: web-cluster.mjs N NEXT_BIN start -p PORT");
  process.exit(2);
}

cluster.setupPrimary({ exec: nextBin, args: nextArgs, execArgv: process.execArgv });
let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
};
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGTERM"));

cluster.on("exit", (worker, code, signal) => {
  const left = Object.keys(cluster.workers ?? {}).length;
  if (!stopping) {
    console.error(`[web-cluster] server ${worker.process.pid} ended (${signal ?? `code ${code}`}): stopping the group`);
    stop("SIGTERM");
    process.exitCode = 1;
  }
  if (left === 0) process.exit(process.exitCode ?? 0);
});

for (let i = 0; i < n; i++) cluster.fork({ WEB_PROCESS_INDEX: String(i) });
