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

/**
 * pino's line for app.log.info({ reqId, method, route, status, ms }, "solicitud"); `base` is
 * what the logger writes after `time` (baseFields).
 */
export function requestLine(
  base: string,
  reqId: string,
  method: string,
  route: string,
  status: number,
  ms: number,
): string {
  return (
    `{"level":${INFO},"time":${Date.now()}${base},"reqId":${JSON.stringify(reqId)},` +
    `"method":${JSON.stringify(method)},"route":${JSON.stringify(route)},` +
    `"status":${status},"ms":${Number.isFinite(ms) ? ms : null},"msg":"solicitud"}\n`
  );
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
        destination.write(
          requestLine(base, request.id, request.method, route, reply.statusCode, ms),
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

/** sonic-boom writes once this much waits (at most 16 KB a write, its default maxWrite). */
const LOG_MIN_WRITE_BYTES = 8 * 1024;
/** How long a line may wait in the buffer: a quiet server's lines still show at once. */
export const LOG_FLUSH_MS = 250;

/**
 * Where the server's log lines go: standard output, written without blocking the event
 * loop (pino's asynchronous destination, sonic-boom). Issue 38: lines gather into writes of
 * 8–16 KB instead of one write per line when no write is under way, and in sonic-boom's
 * buffer mode, which keeps them as a list joined once per write: its default mode appends
 * each line to one string and measures it again per line (a few µs of every request once
 * 10 KB wait, as they do under load). What waits is written every LOG_FLUSH_MS; what is
 * still pending is written on close (requestLog's `flush`) and when the process exits,
 * crashes included, as far as pino allows (a synchronous flush on 'exit'); a killed process
 * (SIGKILL) loses what waits: a quiet server's last LOG_FLUSH_MS, some 10–30 KB under load.
 * `fd` and `flushMs` are for the tests.
 */
export function asyncStdout(options: { fd?: number; flushMs?: number } = {}) {
  const sonic = pino.destination({
    dest: options.fd ?? 1,
    sync: false,
    contentMode: "buffer",
    minLength: LOG_MIN_WRITE_BYTES,
    // An unref'd timer: it never keeps the process alive.
    periodicFlush: options.flushMs ?? LOG_FLUSH_MS,
  });
  const destination: LogDestination = {
    // pino writes strings; sonic-boom's types know only its default (string) mode.
    write: (line: string) => sonic.write(Buffer.from(line) as unknown as string),
  };
  const flush = () => {
    try {
      sonic.flushSync();
    } catch {
      // Nothing more can be done for a log that cannot be written while exiting.
    }
  };
  process.once("exit", flush);
  /** Writes what waits, stops the timer and closes the descriptor (tests, benches). */
  const end = () =>
    new Promise<void>((resolve) => {
      sonic.once("close", () => resolve());
      sonic.end();
    });
  return { destination, flush, end };
}
