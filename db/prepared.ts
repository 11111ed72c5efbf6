import type { Queryable } from "./client";

/**
 * A read that every uncached page sends (issue 13), built once and sent as a named prepared
 * statement: drizzle builds its SQL once per database handle instead of on every request
 * (3–5 % of a page's CPU), and on PostgreSQL each pooled connection parses and plans it once
 * (`pg` prepares a named statement on first use per connection, again on a new connection
 * after a restart). On the embedded database the name is ignored and the text sent as
 * before. `build` gets the handle and returns drizzle's prepared query, whose values are
 * `sql.placeholder`s; the name must be unique and its SQL the same for every handle.
 *
 * A transaction is a handle of its own: its statement is built for it (as often as an
 * unprepared one would be) and still runs by name on its connection.
 */
export function preparedRead<Prepared>(build: (db: Queryable) => Prepared) {
  const byHandle = new WeakMap<Queryable, Prepared>();
  return (db: Queryable): Prepared => {
    let prepared = byHandle.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byHandle.set(db, prepared);
    }
    return prepared;
  };
}
