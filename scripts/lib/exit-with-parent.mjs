// Preloaded (`node --import`) into the children of `npm start`, which gives each of them a pipe as
// stdin and sets PORTAL_PARENT_PIPE=1. When the parent dies — even by SIGKILL, which it cannot
// handle — the pipe's other end closes and the child exits at once, instead of living on as an
// orphan that holds the port (and whose embedded database is gone). Unref'd: it keeps nobody alive.
import { isMainThread } from "node:worker_threads";

// Only the process's main thread: a worker thread's stdin is closed from the start.
if (isMainThread && process.env.PORTAL_PARENT_PIPE === "1" && process.stdin && !process.stdin.isTTY) {
  const gone = () => process.exit(1);
  process.stdin.on("end", gone);
  process.stdin.on("close", gone);
  process.stdin.on("error", gone);
  process.stdin.resume();
  process.stdin.unref?.();
}
