// Next.js runs register() once per server process at start.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { handBackUploadsOnStop } = await import("@/lib/web/shutdown");
  handBackUploadsOnStop();
}
