// The background worker: a pg-boss consumer on the portal's Postgres. Stateless; run more of them
// to scale. Each handler is thin and calls lib/.
import { boss, setQueueRole, stopQueue } from "@/lib/queue";
import { closeDb } from "@/lib/db/client";
import { registerHandlers } from "./handlers";

const log = (msg: string) => console.log(`[worker] ${msg}`);

async function main() {
  setQueueRole("worker");
  const b = await boss();
  const names = await registerHandlers(b);
  log(`connected to the queue; working ${names.join(", ") || "no queues yet"}`);
}

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  log("stopping");
  await stopQueue();
  await closeDb();
  process.exit(0);
}
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());

main().catch((err) => {
  console.error("[worker] failed to start:", err);
  process.exit(1);
});
