// A stored image (or its thumbnail) by content hash. The URL names immutable content, so it is
// cached for a year; nosniff and a CSP with no sources keep a browser from treating the bytes as
// anything but the declared image.
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { handler, otherMethods } from "@/lib/api/handler";
import { getServedImage } from "@/lib/db/queries/images";
import { IMAGE_SHA256 } from "@/lib/images/urls";
import { parseQuery } from "@/lib/selection/parse";

export const dynamic = "force-dynamic";

const query = z.object({ size: z.enum(["full", "thumb"]).default("full") });

export const GET = handler(async (req, { params }) => {
  const { size } = parseQuery(req.nextUrl.searchParams, query);
  const sha256 = String(params.sha256);
  if (!IMAGE_SHA256.test(sha256)) throw new ApiError("bad_request", `"${sha256}" is not an image hash (64 lowercase hex digits)`);
  const etag = `"${sha256}${size === "thumb" ? "-thumb" : ""}"`;
  const headers = {
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Content-Disposition": "inline",
  };
  if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  const image = await getServedImage(sha256, size);
  if (!image) throw new ApiError("not_found", `No image with hash ${sha256}`);
  return new Response(new Uint8Array(image.bytes), { status: 200, headers: { ...headers, "Content-Type": image.contentType, "Content-Length": String(image.bytes.length) } });
});
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
