// `node --import ./scripts/lib/request-gate-preload.mjs …next start…`: the web server behind the
// request gate (request-gate.mjs says why and how).
import { install } from "./request-gate.mjs";

install();
