// How times are written: absolute times in UTC to the minute (the same on server and client,
// whatever their time zones), and ages in words.

/** "2025-03-01 14:05 UTC". */
export function formatTime(iso: string | Date): string {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  return `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** "just now", "5 min ago", "3 h ago", "2 days ago" relative to `now`. */
export function relativeTime(iso: string | Date, now = Date.now()): string {
  const t = (typeof iso === "string" ? new Date(iso) : iso).getTime();
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 45) return "just now";
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 36) return `${h} h ago`;
  return `${Math.round(h / 24)} days ago`;
}
