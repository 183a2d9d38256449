// A web process for the topology test: plain node:http in front of the portal's real route
// handlers (uploads, upload status, the live leaderboard and saved leaderboards), so several can run against one database without a Next
// build. Everything behind the handler — auth, spooling into the database, the queue — is the
// portal's own code. Prints "listening PORT" once ready.
import http from "node:http";
import { Readable } from "node:stream";
import { NextRequest } from "next/server";
import { POST as upload } from "@/app/api/uploads/route";
import { GET as uploadStatus } from "@/app/api/uploads/[id]/route";
import { GET as leaderboard } from "@/app/api/leaderboard/route";
import { GET as savedLeaderboard } from "@/app/api/leaderboards/[slug]/route";

const server = http.createServer((req, res) => {
  void (async () => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const status = /^\/api\/uploads\/([^/]+)$/.exec(url.pathname);
    const saved = /^\/api\/leaderboards\/([^/]+)$/.exec(url.pathname);
    let answer: Response;
    if (req.method === "POST" && url.pathname === "/api/uploads") {
      const body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
      // A streamed body needs duplex "half" (undici), which Next's init type does not name.
      const init = { method: "POST", headers, body, duplex: "half" } as ConstructorParameters<typeof NextRequest>[1];
      answer = await upload(new NextRequest(url, init), { params: Promise.resolve({}) });
    } else if (req.method === "GET" && status) {
      answer = await uploadStatus(new NextRequest(url, { headers }), { params: Promise.resolve({ id: status[1] }) });
    } else if (req.method === "GET" && url.pathname === "/api/leaderboard") {
      answer = await leaderboard(new NextRequest(url, { headers }), { params: Promise.resolve({}) });
    } else if (req.method === "GET" && saved) {
      answer = await savedLeaderboard(new NextRequest(url, { headers }), { params: Promise.resolve({ slug: decodeURIComponent(saved[1]) }) });
    } else {
      answer = new Response("not found", { status: 404 });
    }
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  })().catch((err: Error) => {
    res.writeHead(500);
    res.end(err.message);
  });
});

server.listen(0, "127.0.0.1", () => console.log(`listening ${(server.address() as { port: number }).port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
