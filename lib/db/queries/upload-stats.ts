// Upload counts for monitoring (/metrics): how many uploads are in each status, and spooled bytes waiting.
import { pool } from "@/lib/db/client";
import type { StoredUploadStatus } from "@/lib/db/upload-status";

export async function uploadsByStatus(): Promise<{ status: StoredUploadStatus; n: number }[]> {
  const r = await pool().query<{ status: StoredUploadStatus; n: number }>(`SELECT status, count(*)::int AS n FROM uploads GROUP BY status`);
  return r.rows;
}

export async function spooledBytes(): Promise<number> {
  const r = await pool().query<{ n: number }>(`SELECT COALESCE(sum(octet_length(bytes)), 0)::bigint AS n FROM upload_chunks`);
  return r.rows[0].n;
}
