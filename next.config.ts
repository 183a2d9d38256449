import { realpathSync } from "node:fs";
import path from "node:path";
import type { NextConfig } from "next";
import { COMMON_HEADERS } from "./lib/web/security-headers";

// A git worktree may share another checkout's node_modules through a symlink; Turbopack resolves
// packages only inside its root, so the root is the nearest folder holding both.
const project = process.cwd();
const modules = path.dirname(realpathSync(path.join(project, "node_modules")));
let root = project;
while (!modules.startsWith(root + path.sep) && modules !== root) root = path.dirname(root);

const nextConfig: NextConfig = {
  // Native and WASM packages stay out of the bundle and load from node_modules at run time.
  serverExternalPackages: ["pg", "pg-boss", "@electric-sql/pglite", "@huggingface/transformers", "onnxruntime-node", "sharp"],
  poweredByHeader: false,
  // `npm test` type-checks the whole project in its first stage; its production build for the
  // browser tests skips Next's second pass over the same sources (NEXT_BUILD_SKIP_TYPECHECK=1).
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === "1" },
  typedRoutes: false,
  async headers() {
    return [{ source: "/:path*", headers: Object.entries(COMMON_HEADERS).map(([key, value]) => ({ key, value })) }];
  },
  turbopack: { root },
};

export default nextConfig;
