// The worker's database sessions at its lower priority, on both database targets: on the embedded
// one nothing is changed (its sessions are no processes); on a native server on this host the
// backend process serving the connection gets the nice value.
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb } from "./client";
import { isEmbeddedServer } from "./server";
import { databaseUrl } from "@/lib/env";
import { lowerBackendPriority } from "./backend-priority";

afterAll(() => closeDb());

const niceOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[16]);

describe("lowerBackendPriority", () => {
  it("lowers the backend process of a connection to a server on this host; leaves the embedded database alone", async () => {
    // A connection of its own: the shared pool's sessions serve the rest of the suite.
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    try {
      const outcome = await lowerBackendPriority(client, 9);
      if (await isEmbeddedServer()) {
        expect(outcome).toBe("embedded");
        return;
      }
      const { rows } = await client.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`);
      // The test runs where the native server does (scripts/native-pg.sh); as root it may renice
      // the server's user's processes.
      if (process.getuid?.() === 0) {
        expect(outcome).toBe("lowered");
        expect(niceOf(rows[0].pid)).toBe(9);
      } else expect(["lowered", "refused"]).toContain(outcome);
      // Only that session's process: the server itself keeps its priority.
      const postmaster = Number(readFileSync(`/proc/${rows[0].pid}/stat`, "utf8").split(") ")[1].split(" ")[1]);
      expect(niceOf(postmaster)).toBe(0);
    } finally {
      await client.end();
    }
  });
});
