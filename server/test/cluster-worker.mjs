// Test fixture for server/cluster.test.ts: a worker that answers its pid on PORT, and
// stops on SIGTERM like the real server. WORKER_FAILS: exits before listening;
// WORKER_DIES_AFTER_MS: exits that long after listening (a crash loop).
import { createServer } from "node:http";

if (process.env.WORKER_FAILS) process.exit(2);
const server = createServer((_request, response) => response.end(String(process.pid)));
server.listen(Number(process.env.PORT), "127.0.0.1", () => {
  if (process.env.WORKER_DIES_AFTER_MS) {
    setTimeout(() => process.exit(3), Number(process.env.WORKER_DIES_AFTER_MS));
  }
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
