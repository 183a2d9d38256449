// Entry of the health check's compute thread (./compute-off-thread.ts): TypeScript through tsx's
// loader, registered in this thread, then the computation itself.
import { register } from "tsx/esm/api";

register();
await import("./compute-thread-run.ts");
