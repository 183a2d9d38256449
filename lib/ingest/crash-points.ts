// Fault injection for the crash tests (lib/ingest/crash.int.test.ts): with CRASH_AT set to one of
// these points, the process kills itself with SIGKILL when it gets there — a real kill -9 at an
// exact place of an import, which no timing from outside can hit reliably (a test polling the
// embedded database's one session sees the import late). `term-POINT` sends SIGTERM instead, once:
// a graceful stop at that place. Inert unless set.
import { env, type Env } from "@/lib/env";

type Configured = NonNullable<Env["CRASH_AT"]>;
export type CrashPoint = Exclude<Configured, `term-${string}`>;

let termSent = false;

export function crashPoint(point: CrashPoint): void {
  const at = env().CRASH_AT;
  if (at === point) process.kill(process.pid, "SIGKILL");
  if (at === `term-${point}` && !termSent) {
    termSent = true;
    process.kill(process.pid, "SIGTERM");
  }
}
