import fp from "fastify-plugin";
import pino from "pino";
import { loggableUrl } from "./request-id";

/**
 * One line per request (issue 27) instead of Fastify's pair ('incoming request' and
 * 'request completed', two JSON lines of headers and addresses): method, route, status,
 * time and request id. Measured beside LOG_LEVEL=warn, the pair cost about 40 % of a cached
 * read's throughput. A request slower than SLOW_REQUEST_MS is a warning, with its URL;
 * errors are logged in full by the app's error handler.
 */
export const SLOW_REQUEST_MS = 1000;

export const requestLog = fp(
  async (app) => {
    // At debug, also when each request arrives (what is in flight; the shutdown test reads it).
    if ((pino.levels.values[app.log.level] ?? Infinity) <= pino.levels.values.debug) {
      app.addHook("onRequest", (request, _reply, done) => {
        request.log.debug(
          { method: request.method, url: loggableUrl(request.url) },
          "solicitud recibida",
        );
        done();
      });
    }
    // A callback hook, not an async one: no promise per request (issue 13).
    app.addHook("onResponse", (request, reply, done) => {
      const ms = Math.round(reply.elapsedTime * 10) / 10;
      const line = {
        reqId: request.id,
        method: request.method,
        route: request.routeOptions.url ?? "(sin ruta)",
        status: reply.statusCode,
        ms,
      };
      if (ms >= SLOW_REQUEST_MS) {
        app.log.warn({ ...line, url: loggableUrl(request.url) }, "solicitud lenta");
      } else {
        app.log.info(line, "solicitud");
      }
      done();
    });
  },
  { name: "request-log" },
);

/**
 * Where the server's log lines go: standard output, written without blocking the event
 * loop (pino's asynchronous destination: lines written while a write is under way join the
 * next one). What is still pending is written on close (the app's onClose) and when the
 * process exits, crashes included, as far as pino allows (a synchronous flush on 'exit').
 */
export function asyncStdout() {
  const destination = pino.destination({ dest: 1, sync: false });
  const flush = () => {
    try {
      destination.flushSync();
    } catch {
      // Nothing more can be done for a log that cannot be written while exiting.
    }
  };
  process.once("exit", flush);
  return { destination, flush };
}
