// Next.js runs register() once per server process at start (the runtime check is Next's documented
// form: it keeps the Node-only import out of an edge bundle).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { handBackUploadsOnStop } = await import("@/lib/web/shutdown");
    handBackUploadsOnStop();
    const { warmServingSoon } = await import("@/lib/web/warm");
    warmServingSoon();
  }
}
