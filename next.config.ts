import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and WASM packages stay out of the bundle and load from node_modules at run time.
  serverExternalPackages: ["pg", "pg-boss", "@electric-sql/pglite", "@huggingface/transformers", "onnxruntime-node", "sharp"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
