import { Worker } from "node:worker_threads";

/**
 * The embedded database in a worker thread (issue 15.4, docs/decisions/0019).
 *
 * PGlite is PostgreSQL compiled to WebAssembly: its start (~0.3 s of CPU) and every query run
 * on the thread that owns it. In the server's main thread that work competed with loading
 * and serving the app on one core; in its own thread (db/pglite-worker.mjs) it uses the
 * second core of a two-core server, and a start overlaps the database's opening with the
 * app's loading for real. This is the small part of PGlite's API that drizzle's PGlite driver
 * and db/client.ts use: `query`, `exec`, `transaction`, `close`. Results cross threads by
 * structured clone (rows, numbers, strings, BigInt, Date, bytes); errors come back as an
 * Error with PostgreSQL's fields (code, detail, constraint…), as PGlite throws them.
 */

interface QueryOptions {
  rowMode?: "array" | "object";
  /**
   * drizzle's parsers, all of which keep a type's text as it is; only their type ids cross
   * the thread (a function cannot), and the worker keeps those types' text.
   */
  parsers?: Record<number, (value: string) => unknown>;
}

export interface Results<T = unknown> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface PlainError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean | null>;
}

type Reply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: PlainError };

/** Queries of one open transaction, as PGlite hands them to its callback. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

function asError(plain: PlainError): Error {
  const error = new Error(plain.message);
  error.name = plain.name;
  return Object.assign(error, plain.fields);
}

export class PGliteThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, { resolve(value: unknown): void; reject(e: Error): void }>();
  #lastId = 0;
  #closed: Promise<void> | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /**
   * Starts the thread and PGlite in it; resolves once the database answers.
   * `dataPath`: the data directory (undefined: in memory).
   */
  static async open(dataPath: string | undefined, startParams: string[]): Promise<PGliteThread> {
    const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), {
      workerData: { dataPath, startParams },
    });
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) =>
        reject(
          new Error(`PGlite: el hilo de la base de datos terminó al abrirla (código ${code})`),
        );
      worker.once("error", reject);
      worker.once("exit", onExit);
      worker.once("message", (message: { ready: boolean; error?: PlainError }) => {
        worker.off("error", reject);
        worker.off("exit", onExit);
        if (message.ready) resolve();
        else reject(asError(message.error!));
      });
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    return new PGliteThread(worker).#listen();
  }

  #listen(): this {
    this.#worker.on("message", (reply: Reply) => {
      const waiting = this.#waiting.get(reply.id);
      if (!waiting) return;
      this.#waiting.delete(reply.id);
      // The thread keeps the process alive only while a call waits for it.
      if (this.#waiting.size === 0) this.#worker.unref();
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(asError(reply.error));
    });
    const failAll = (error: Error) => {
      for (const waiting of this.#waiting.values()) waiting.reject(error);
      this.#waiting.clear();
    };
    this.#worker.on("error", failAll);
    this.#worker.on("exit", (code) =>
      failAll(new Error(`PGlite: el hilo de la base de datos terminó (código ${code})`)),
    );
    this.#worker.unref();
    return this;
  }

  #call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error("PGlite: la base de datos está cerrada"));
    const id = ++this.#lastId;
    if (this.#waiting.size === 0) this.#worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.#waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  #query<T>(
    tx: number | undefined,
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
  ) {
    return this.#call<Results<T>>({
      op: "query",
      tx,
      sql,
      params,
      rowMode: options.rowMode ?? "object",
      rawTypes: Object.keys(options.parsers ?? {}).map(Number),
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#call({ op: "exec", sql });
  }

  /**
   * Runs `callback` in one transaction: committed when it resolves, rolled back when it
   * throws. Other queries wait until it ends (PGlite has one connection).
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = await this.#call<number>({ op: "begin" });
    const handle: ThreadTransaction = {
      query: (sql, params, options) => this.#query(tx, sql, params, options),
      exec: (sql) => this.#call({ op: "exec", sql, tx }),
    };
    let result: T;
    try {
      result = await callback(handle);
    } catch (error) {
      await this.#call({ op: "end", tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.#call({ op: "end", tx, commit: true });
    return result;
  }

  /** Closes PGlite (its files are consistent afterwards), then the thread. */
  close(): Promise<void> {
    if (!this.#closed) {
      const closing = this.#call<null>({ op: "close" });
      this.#closed = closing
        .catch(() => {})
        .then(async () => {
          await this.#worker.terminate();
        });
    }
    return this.#closed;
  }
}
