// The physical limit for a Node process on this machine: a bare node:http server with no
// framework, database or rendering. Every endpoint's figure is compared with this server
// sending the same bytes (issue 13): the harness captures one real answer of the endpoint
// (status, headers in their order and case, body as sent, compressed or not) and registers it
// here (`POST /__answers`, JSON `{ status, headers: [name, value, …], bodyBase64, chunked }`,
// answered with `{ path }`); every request to that path then gets those bytes back.
// `?bytes=N` still answers a bare JSON body of N bytes (no headers beyond Node's own).
import { createServer } from "node:http";

/**
 * Node writes these itself on every answer, as it does for the product (Date, keep-alive);
 * a copied Date would be a stale one, and a copied Transfer-Encoding a second one.
 */
const NODE_OWN = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/** Registered answers by path: `{ status, headers (flat list), body, chunked }`. */
const answers = new Map();

const bodies = new Map();
function body(bytes) {
  let cached = bodies.get(bytes);
  if (!cached) {
    const filler = "x".repeat(Math.max(0, bytes - 12));
    cached = Buffer.from(JSON.stringify({ data: filler }).slice(0, Math.max(bytes, 12)));
    bodies.set(bytes, cached);
  }
  return cached;
}

function register(req, res) {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    try {
      const given = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const headers = [];
      for (let i = 0; i + 1 < given.headers.length; i += 2) {
        if (!NODE_OWN.has(String(given.headers[i]).toLowerCase())) {
          headers.push(String(given.headers[i]), String(given.headers[i + 1]));
        }
      }
      const path = `/__answer/${answers.size + 1}`;
      answers.set(path, {
        status: Number(given.status),
        headers,
        body: Buffer.from(String(given.bodyBase64 ?? ""), "base64"),
        chunked: Boolean(given.chunked),
      });
      const reply = Buffer.from(JSON.stringify({ path }));
      res.writeHead(201, { "content-type": "application/json", "content-length": reply.length });
      res.end(reply);
    } catch (error) {
      res.writeHead(400, { "content-type": "text/plain" });
      res.end(String(error));
    }
  });
}

const server = createServer((req, res) => {
  const url = req.url ?? "/";
  const answer = answers.get(url);
  if (answer) {
    res.writeHead(answer.status, answer.headers);
    if (answer.chunked) {
      // The product streamed it (no Content-Length): the same chunked framing here.
      if (answer.body.length > 0) res.write(answer.body);
      res.end();
    } else res.end(answer.body);
    return;
  }
  if (req.method === "POST" && url === "/__answers") return register(req, res);
  const match = /bytes=(\d+)/.exec(url);
  const payload = body(match ? Number(match[1]) : 1024);
  res.writeHead(200, { "content-type": "application/json", "content-length": payload.length });
  res.end(payload);
});
// Fastify's default (72 s), so that Node's own Keep-Alive header is the product's too.
server.keepAliveTimeout = 72_000;
server.listen(Number(process.argv[2] ?? 0), "127.0.0.1", () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
