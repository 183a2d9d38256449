// `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded database in DATA_DIR).
import { openScriptDb } from "./lib/open-db";
import { migrate } from "@/lib/db/migrate";
import { pool } from "@/lib/db/client";

const db = await openScriptDb();
try {
  const applied = await migrate(pool());
  console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
} finally {
  await db.close();
}
