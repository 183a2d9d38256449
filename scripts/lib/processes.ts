// Child processes of `npm start`: the Next.js server and the worker, stopped together — and dying
// with their parent however it ends (exit-with-parent.mjs, preloaded into each).
import { spawn, type ChildProcess } from "node:child_process";
import { availableParallelism } from "node:os";
import path from "node:path";

const EXIT_WITH_PARENT = path.join(import.meta.dirname, "exit-with-parent.mjs");
/** Preloaded into the web servers: a few requests run at once, the rest wait their turn (request-gate.mjs). */
export const REQUEST_GATE = path.join(import.meta.dirname, "request-gate-preload.mjs");

export interface Child {
  name: string;
  proc: ChildProcess;
  exited: Promise<number | null>;
}

export function startChild(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv): Child {
  // stdin: a pipe this process holds open for the child's whole life (see exit-with-parent.mjs).
  const proc = spawn(cmd, args, { env: { ...env, PORTAL_PARENT_PIPE: "1" }, stdio: ["pipe", "pipe", "pipe"] });
  const prefix = (line: string) => `[${name}] ${line}`;
  for (const [stream, out] of [
    [proc.stdout, process.stdout],
    [proc.stderr, process.stderr],
  ] as const) {
    let buf = "";
    stream?.on("data", (chunk: Buffer) => {
      buf += chunk.toString();
      const lines = buf.split("\n");
      buf = lines.pop() ?? "";
      for (const l of lines) out.write(prefix(l) + "\n");
    });
  }
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  return { name, proc, exited };
}

/**
 * Runs a TypeScript entry point in a plain node process (tsx as a loader, not as a wrapper), so a
 * signal — SIGKILL included — reaches the program itself and leaves no orphaned child behind.
 */
export function tsxArgs(script: string, ...args: string[]): [string, string[]] {
  return [process.execPath, ["--import", EXIT_WITH_PARENT, "--import", "tsx", script, ...args]];
}

/** The Next.js server in a plain node process, like tsxArgs: signals reach it, it dies with its parent. */
export function nextArgs(root: string, ...args: string[]): [string, string[]] {
  return [process.execPath, ["--import", EXIT_WITH_PARENT, path.join(root, "node_modules", "next", "dist", "bin", "next"), ...args]];
}

/**
 * `npm start`'s web server: `next start -p PORT` behind the request gate, or with WEB_PROCESSES > 1
 * that many of them sharing the port under one supervised primary (web-cluster.mjs; its servers
 * inherit the preloads).
 */
export function webArgs(root: string, c: { PORT: number; WEB_PROCESSES?: number; WEB_SINGLE_THREADED_GC?: "auto" | "0" | "1" }): [string, string[]] {
  const start = ["start", "-p", String(c.PORT)];
  const n = webProcesses(c);
  const [node, [imp, parentPipe, nextBin]] = nextArgs(root);
  // V8 flags go on the command line (NODE_OPTIONS refuses most of them); node:cluster's servers
  // inherit the primary's (web-cluster.mjs).
  const v8 = singleThreadedGc(c) ? ["--single-threaded-gc"] : [];
  const preloads = [...v8, imp, parentPipe, "--import", REQUEST_GATE];
  if (n <= 1) return [node, [...preloads, nextBin, ...start]];
  return [node, [...preloads, path.join(import.meta.dirname, "web-cluster.mjs"), String(n), nextBin, ...start]];
}

/**
 * Whether the web servers collect garbage on their own thread only (V8's --single-threaded-gc):
 * WEB_SINGLE_THREADED_GC=1/0, or `auto` (the default): when there are as many servers as cores.
 * Then every core already runs a server's main thread, and V8's parallel and concurrent GC
 * helpers only take CPU from the other servers while adding their own synchronisation. Measured
 * with bench:load on the 100k pool (2 cores, 2 servers): 9.2 → 12.3 answers/s, web CPU per
 * answer 142 → 123 ms.
 */
export function singleThreadedGc(c: { WEB_PROCESSES?: number; WEB_SINGLE_THREADED_GC?: "auto" | "0" | "1" }, cores = availableParallelism()): boolean {
  const mode = c.WEB_SINGLE_THREADED_GC ?? "auto";
  return mode === "1" || (mode === "auto" && webProcesses(c) >= cores);
}

/**
 * How many web servers `npm start` runs: WEB_PROCESSES, else one per core up to 2. One Next.js
 * process renders on one core; with a second one the demo pool under bench:load went from 23 to 40
 * requests/s on 2 cores (the worker, niced, takes what they leave).
 */
export function webProcesses(c: { WEB_PROCESSES?: number }): number {
  return c.WEB_PROCESSES ?? Math.min(2, availableParallelism());
}

/**
 * How long a stopped child may take to end before it is killed (workers/stop-budget.ts stays below
 * it): a worker handing back an upload deletes its written rows first, seconds on a loaded machine.
 */
export const STOP_GRACE_MS = 15_000;

/** SIGTERM, then SIGKILL after `graceMs` if the child is still alive. */
export async function stopChild(child: Child, graceMs = STOP_GRACE_MS): Promise<void> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  child.proc.kill("SIGTERM");
  const timer = setTimeout(() => child.proc.kill("SIGKILL"), graceMs);
  await child.exited;
  clearTimeout(timer);
}

/** Runs a command to completion, streaming its output with a prefix; rejects on a non-zero exit. */
export async function run(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const child = startChild(name, cmd, args, env);
  const code = await child.exited;
  if (code !== 0) throw new Error(`${name} exited with code ${code}`);
}
