/**
 * The embedded database's own thread (db/pglite-thread.ts): PGlite, its WebAssembly and
 * every query run here, so that on a server with two cores PostgreSQL's start and its
 * queries use the second core while the main thread loads and serves the app (issue 15.4).
 * Plain JavaScript: a worker thread is started by Node itself, without the TypeScript
 * loaders of the tests and of `tsx`.
 *
 * Messages in: { id, op: "query", sql, params, rowMode, rawTypes, tx? } | { id, op: "exec",
 * sql, tx? } | { id, op: "begin" } | { id, op: "end", tx, commit } | { id, op: "close" }.
 * Messages out: { ready: true } or { ready: false, error } once, then { id, ok, result | error }.
 */
import { parentPort, workerData } from "node:worker_threads";

/** An error as plain data: its message and PostgreSQL's fields (code, detail, constraint…). */
function plainError(error) {
  const fields = {};
  if (error && typeof error === "object") {
    for (const [key, value] of Object.entries(error)) {
      if (value === null || ["string", "number", "boolean"].includes(typeof value)) {
        fields[key] = value;
      }
    }
  }
  return {
    name: error instanceof Error ? error.name : "Error",
    message: error instanceof Error ? error.message : String(error),
    fields,
  };
}

const { PGlite } = await import("@electric-sql/pglite");
const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");

let database;
try {
  database = await PGlite.create(workerData.dataPath, {
    extensions: { pg_trgm, unaccent },
    startParams: [...PGlite.defaultStartParams, ...workerData.startParams],
  });
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: plainError(error) });
}

/** Open transactions by id: PGlite's own transaction, held until the main thread ends it. */
const transactions = new Map();
let lastTransaction = 0;
/** Rejects a transaction's callback so that PGlite rolls it back; never reported. */
const ROLLBACK = Symbol("rollback");

function begin() {
  return new Promise((started, failed) => {
    const id = ++lastTransaction;
    const entry = {};
    entry.done = database
      .transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            Object.assign(entry, { tx, commit, rollback });
            transactions.set(id, entry);
            started(id);
          }),
      )
      .catch((error) => {
        if (error !== ROLLBACK) throw error;
      });
    // A BEGIN that failed never started: its error goes to this call (later ones to `end`).
    entry.done.catch(failed);
  });
}

async function end(id, commit) {
  const entry = transactions.get(id);
  if (!entry) throw new Error(`Transacción ${id} desconocida`);
  transactions.delete(id);
  if (commit) entry.commit();
  else entry.rollback(ROLLBACK);
  await entry.done;
}

const target = (tx) => {
  if (!tx) return database;
  const entry = transactions.get(tx);
  if (!entry) throw new Error(`Transacción ${tx} desconocida`);
  return entry.tx;
};

async function run(message) {
  switch (message.op) {
    case "query": {
      // drizzle asks for some types as PostgreSQL's text (dates, intervals, numeric[]).
      const parsers = Object.fromEntries(message.rawTypes.map((type) => [type, (value) => value]));
      return target(message.tx).query(message.sql, message.params, {
        rowMode: message.rowMode,
        parsers,
      });
    }
    case "exec":
      return target(message.tx).exec(message.sql);
    case "begin":
      return begin();
    case "end":
      return end(message.tx, message.commit);
    case "close":
      await database.close();
      return null;
    default:
      throw new Error(`Operación desconocida: ${message.op}`);
  }
}

parentPort.on("message", (message) => {
  run(message).then(
    (result) => parentPort.postMessage({ id: message.id, ok: true, result }),
    (error) => parentPort.postMessage({ id: message.id, ok: false, error: plainError(error) }),
  );
});
