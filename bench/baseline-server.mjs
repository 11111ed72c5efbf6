// The physical limit for a Node process on this machine: a bare node:http server that
// answers a JSON body of the requested size (?bytes=N) with no framework, database or
// rendering. Every endpoint's figure is compared with this server answering the same size.
import { createServer } from "node:http";

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

const server = createServer((req, res) => {
  const match = /bytes=(\d+)/.exec(req.url ?? "");
  const payload = body(match ? Number(match[1]) : 1024);
  res.writeHead(200, { "content-type": "application/json", "content-length": payload.length });
  res.end(payload);
});
server.listen(Number(process.argv[2] ?? 0), "127.0.0.1", () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
