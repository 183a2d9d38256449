// Fault injection for the crash tests (lib/ingest/crash.int.test.ts): with CRASH_AT set to one of
// these points, the process kills itself with SIGKILL when it gets there — a real kill -9 at an
// exact place of an import, which no timing from outside can hit reliably. Inert unless set.
import { env, type Env } from "@/lib/env";

export type CrashPoint = NonNullable<Env["CRASH_AT"]>;

export function crashPoint(point: CrashPoint): void {
  if (env().CRASH_AT === point) process.kill(process.pid, "SIGKILL");
}
