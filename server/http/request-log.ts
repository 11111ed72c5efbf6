import type { FastifyBaseLogger } from "fastify";
import fp from "fastify-plugin";
import pino from "pino";
import { loggableUrl } from "./request-id";

/**
 * One line per request (issue 27) instead of Fastify's pair ('incoming request' and
 * 'request completed', two JSON lines of headers and addresses): method, route, status,
 * time and request id. A request slower than SLOW_REQUEST_MS is a warning, with its URL;
 * errors are logged in full by the app's error handler.
 *
 * Issue 38: the line is written as a string made here, not through pino, whose redaction
 * (LOG_REDACT_PATHS, with its `*.` paths) runs on every field of every line and cost ~10 µs
 * of a ~75 µs cached read. Nothing in the line can hold a secret (the route, not the URL),
 * so nothing in it needs redacting; it keeps pino's fields and their order.
 */
export const SLOW_REQUEST_MS = 1000;

/** Where the log lines go: the same stream the app's logger writes to, so lines keep their order. */
export interface LogDestination {
  write(line: string): unknown;
}

export interface RequestLogOptions {
  destination: LogDestination;
  /** Writes what the destination holds (asyncStdout's flush), run when the app closes. */
  flush?: () => void;
}

const INFO = pino.levels.values.info!;

/**
 * What pino writes in every line after `time` (`,"pid":…,"hostname":"…"`, the logger's
 * bindings), read from pino's public symbols: `bindings()` leaves pid and hostname out.
 */
function baseFields(log: FastifyBaseLogger): string {
  return (log as unknown as Record<symbol, string | undefined>)[pino.symbols.chindingsSym] ?? "";
}

export const requestLog = fp<RequestLogOptions>(
  async (app, { destination, flush }) => {
    // At debug, also when each request arrives (what is in flight; the shutdown test reads it).
    if ((pino.levels.values[app.log.level] ?? Infinity) <= pino.levels.values.debug!) {
      app.addHook("onRequest", (request, _reply, done) => {
        request.log.debug(
          { method: request.method, url: loggableUrl(request.url) },
          "solicitud recibida",
        );
        done();
      });
    }
    const base = baseFields(app.log);
    // A callback hook, not an async one: no promise per request (issue 13).
    app.addHook("onResponse", (request, reply, done) => {
      const ms = Math.round(reply.elapsedTime * 10) / 10;
      const route = request.routeOptions.url ?? "(sin ruta)";
      if (ms >= SLOW_REQUEST_MS) {
        app.log.warn(
          {
            reqId: request.id,
            method: request.method,
            route,
            status: reply.statusCode,
            ms,
            url: loggableUrl(request.url),
          },
          "solicitud lenta",
        );
      } else if ((pino.levels.values[app.log.level] ?? Infinity) <= INFO) {
        // pino's line for app.log.info({ reqId, method, route, status, ms }, "solicitud").
        destination.write(
          `{"level":${INFO},"time":${Date.now()}${base},"reqId":${JSON.stringify(request.id)},` +
            `"method":${JSON.stringify(request.method)},"route":${JSON.stringify(route)},` +
            `"status":${reply.statusCode},"ms":${Number.isFinite(ms) ? ms : null},"msg":"solicitud"}\n`,
        );
      }
      done();
    });
    if (flush) {
      app.addHook("onClose", (_app, done) => {
        flush();
        done();
      });
    }
  },
  { name: "request-log" },
);

/**
 * A write of at most this many bytes is atomic on a pipe (PIPE_BUF on Linux): the processes
 * of WEB_CONCURRENCY share one standard output and never cut each other's lines.
 */
const LOG_WRITE_BYTES = 4096;
/** How long a line may wait in the buffer: a quiet server's lines still show at once. */
export const LOG_FLUSH_MS = 250;

/**
 * Where the server's log lines go: standard output, written without blocking the event
 * loop (pino's asynchronous destination, sonic-boom). Lines gather into writes of about
 * 4 KB (issue 38: a write per line, which sonic-boom makes whenever no write is under way,
 * cost a few µs of every request to a file or a pipe, and as much again in the reader of a
 * pipe), and what waits is written every LOG_FLUSH_MS. What is still pending is written on
 * close (requestLog's `flush`) and when the process exits, crashes included, as far as pino
 * allows (a synchronous flush on 'exit'); a killed process (SIGKILL) loses at most the
 * last LOG_FLUSH_MS of lines. `fd` and `flushMs` are for the tests.
 */
export function asyncStdout(options: { fd?: number; flushMs?: number } = {}) {
  const destination = pino.destination({
    dest: options.fd ?? 1,
    sync: false,
    // sonic-boom writes once this much waits (a write is one of its buffers, ≤ maxWrite).
    minLength: LOG_WRITE_BYTES - 512,
    maxWrite: LOG_WRITE_BYTES,
    // An unref'd timer: it never keeps the process alive.
    periodicFlush: options.flushMs ?? LOG_FLUSH_MS,
  });
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
