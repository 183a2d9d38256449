import type { NextConfig } from "next";
import { COMMON_HEADERS } from "./lib/web/security-headers";

const nextConfig: NextConfig = {
  // Native and WASM packages stay out of the bundle and load from node_modules at run time.
  serverExternalPackages: ["pg", "pg-boss", "@electric-sql/pglite", "@huggingface/transformers", "onnxruntime-node", "sharp"],
  poweredByHeader: false,
  typedRoutes: false,
  async headers() {
    return [{ source: "/:path*", headers: Object.entries(COMMON_HEADERS).map(([key, value]) => ({ key, value })) }];
  },
};

export default nextConfig;
