// The security headers of every answer (README "Security"). Pages get a Content-Security-Policy
// with a fresh nonce per request: Next.js reads the nonce from the request's CSP header and puts it
// on its own scripts (node_modules/next/dist/docs/01-app/02-guides/content-security-policy.md), so
// no inline script without it runs: uploaded text that slipped into the markup could not execute.
// Styles keep 'unsafe-inline': React renders `style` attributes (chart geometry, bar widths), and a
// style cannot run code. The API answers JSON that is never a document: it may load nothing at all.

/** Headers for every answer, pages, API and static files alike. */
export const COMMON_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // For browsers that predate CSP's frame-ancestors: the upload token lives in this origin's storage.
  "X-Frame-Options": "DENY",
};

/** A random nonce, fresh for each page view. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
}

/** The page policy: scripts only from this origin with this nonce (and what they load), never framed. */
export function pagePolicy(nonce: string, opts: { dev?: boolean } = {}): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic': chunks the nonced runtime loads are trusted; React needs eval only in development.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The API policy: a JSON answer opened in a browser loads and runs nothing, and is never framed. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
