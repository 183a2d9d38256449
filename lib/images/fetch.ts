// Fetching one image_url safely (results-format §"Images"): http and https only; the host resolved
// first and every address it resolves to checked against the policy (public unicast only) before
// any connection, and the connection made to the checked address (no second lookup a DNS rebinding
// could answer differently); redirects followed by hand, at most 3, each hop checked again; a
// deadline on the whole fetch and an idle timeout on the socket; the body cut off past the size
// limit while it streams. Every refusal is a FetchRefused with a message for the sample.
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import { publicAddressesOnly, type AddressPolicy } from "./address-policy";
import { MAX_IMAGE_BYTES } from "./limits";

export class FetchRefused extends Error {
  override name = "FetchRefused";
}

export interface FetchOptions {
  policy?: AddressPolicy;
  maxRedirects?: number;
  maxBytes?: number;
  /** The whole fetch, redirects included. */
  timeoutMs?: number;
  /** A socket with no traffic this long is given up. */
  idleTimeoutMs?: number;
}

const DEFAULTS = { maxRedirects: 3, maxBytes: MAX_IMAGE_BYTES, timeoutMs: 20_000, idleTimeoutMs: 10_000 };

/** The host's addresses, all of which must pass the policy (one bad answer refuses the host). */
async function checkedAddress(host: string, policy: AddressPolicy): Promise<{ address: string; family: number }> {
  const bare = host.startsWith("[") ? host.slice(1, -1) : host;
  let addresses: { address: string; family: number }[];
  if (isIP(bare)) addresses = [{ address: bare, family: isIP(bare) }];
  else {
    try {
      addresses = await dnsLookup(bare, { all: true, verbatim: true });
    } catch (err) {
      throw new FetchRefused(`the host ${bare} could not be resolved (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  }
  if (addresses.length === 0) throw new FetchRefused(`the host ${bare} has no address`);
  for (const a of addresses) {
    const problem = policy(a.address);
    if (problem) throw new FetchRefused(`refused to fetch from ${bare}: ${problem}`);
  }
  return addresses[0];
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefused(`${JSON.stringify(raw.slice(0, 200))} is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchRefused(`only http and https URLs are fetched (got ${url.protocol.replace(/:$/, "")})`);
  if (url.username || url.password) throw new FetchRefused("URLs with credentials are not fetched");
  return url;
}

type Hop = { redirect: string } | { body: Buffer };

function request(url: URL, pinned: { address: string; family: number }, o: Required<FetchOptions>, signal: AbortSignal): Promise<Hop> {
  // The connection goes to the address that was checked, whatever a new lookup would say.
  const lookup: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else cb(null, pinned.address, pinned.family);
  };
  const get = url.protocol === "https:" ? https.get : http.get;
  return new Promise<Hop>((resolve, reject) => {
    const req = get(url, { lookup, signal, headers: { "user-agent": "onebench-portal image fetcher", accept: "image/*" } }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        return resolve({ redirect: new URL(res.headers.location, url).toString() });
      }
      if (status !== 200) {
        res.resume();
        return reject(new FetchRefused(`the server answered HTTP ${status}`));
      }
      const declared = Number(res.headers["content-length"] ?? NaN);
      if (declared > o.maxBytes) {
        res.destroy();
        return reject(new FetchRefused(`the image is ${declared} bytes, more than the limit of ${o.maxBytes}`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (c: Buffer) => {
        size += c.length;
        if (size > o.maxBytes) {
          res.destroy();
          reject(new FetchRefused(`the image is more than the limit of ${o.maxBytes} bytes`));
        } else chunks.push(c);
      });
      res.on("end", () => resolve({ body: Buffer.concat(chunks) }));
      res.on("error", (err) => reject(err));
    });
    req.setTimeout(o.idleTimeoutMs, () => req.destroy(new FetchRefused(`no answer for ${o.idleTimeoutMs / 1000} s`)));
    req.on("error", (err) => reject(err));
  });
}

/** The bytes at `raw`, or a FetchRefused saying why not. Never connects to an address the policy refuses. */
export async function fetchImageBytes(raw: string, opts: FetchOptions = {}): Promise<Buffer> {
  const o: Required<FetchOptions> = { policy: publicAddressesOnly, ...DEFAULTS, ...opts };
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(), o.timeoutMs);
  try {
    let url = parseUrl(raw);
    for (let hop = 0; ; hop++) {
      const pinned = await checkedAddress(url.hostname, o.policy);
      const r = await request(url, pinned, o, controller.signal);
      if ("body" in r) return r.body;
      if (hop >= o.maxRedirects) throw new FetchRefused(`more than ${o.maxRedirects} redirects`);
      url = parseUrl(r.redirect);
    }
  } catch (err) {
    if (err instanceof FetchRefused) throw err;
    if (controller.signal.aborted) throw new FetchRefused(`the fetch took longer than ${o.timeoutMs / 1000} s`);
    throw new FetchRefused(`the fetch failed (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  } finally {
    clearTimeout(deadline);
  }
}
