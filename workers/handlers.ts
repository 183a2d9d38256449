// Job handlers by queue. Each is thin: it parses the payload and calls lib/.
import type PgBoss from "pg-boss";

export async function registerHandlers(b: PgBoss): Promise<string[]> {
  void b;
  return [];
}
