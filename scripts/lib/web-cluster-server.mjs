// Preloaded (`--import`) in each server of web-cluster.mjs: the HTTP server that listens on the
// group's public port (WEB_CLUSTER_PORT; Next.js's) listens on a private loopback port instead, and
// serves the connections its primary hands it (a message with the socket). It tells the primary when
// it is ready and when each handed connection closes, which is how the primary counts them. The
// server still reports the public port as its address (Next.js prints it and keeps it as its origin).
import cluster from "node:cluster";
import http from "node:http";

const publicPort = Number(process.env.WEB_CLUSTER_PORT);

if (cluster.isWorker && Number.isInteger(publicPort) && publicPort > 0) {
  /** The server that took the public port, once it has. */
  const taken = { server: null };
  const listen = http.Server.prototype.listen;
  /** The port a listen() call asks for: listen(port, …), listen("port", …) or listen({ port }, …). */
  const portOf = (first) => Number(typeof first === "object" && first !== null ? first.port : first);

  http.Server.prototype.listen = function listenPrivately(...args) {
    if (taken.server || portOf(args[0]) !== publicPort) return listen.apply(this, args);
    taken.server = this;
    const host = typeof args[1] === "string" ? args[1] : typeof args[0] === "object" ? args[0]?.host : undefined;
    const own = this.address.bind(this);
    this.address = () => {
      const a = own();
      return a && typeof a === "object" ? { ...a, address: host ?? "::", family: host && !host.includes(":") ? "IPv4" : "IPv6", port: publicPort } : a;
    };
    this.once("listening", () => {
      // Its own address, for requests it sends itself (lib/web/warm.ts).
      process.env.WEB_OWN_PORT = String(own().port);
      process.send?.({ portal: "ready" });
    });
    const done = args.find((a) => typeof a === "function");
    return listen.call(this, { port: 0, host: "127.0.0.1", exclusive: true }, done);
  };

  process.on("message", (msg, socket) => {
    if (msg?.portal !== "connection" || !socket) return;
    if (!taken.server) return void socket.destroy();
    socket.once("close", () => process.connected && process.send({ portal: "closed" }));
    taken.server.emit("connection", socket);
    socket.resume();
  });
}
