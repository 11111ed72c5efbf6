import pg from "pg";

/**
 * Database statements per request, counted from outside by PostgreSQL itself: every statement
 * our server sends outside a transaction commits on its own, so the database's committed (and
 * rolled back) transactions grow by the number of statements the requests sent, whatever the
 * machine's load. Requests are made one at a time; the outbox worker's poll (one every 15 s)
 * and this counter's own reads are the only other transactions, which `requests` dilutes.
 * A backend that has just reported waits up to 10 s (PGSTAT_IDLE_INTERVAL) before it reports
 * again, so each read comes 11 s after the last request. PostgreSQL only (PGlite has no
 * statistics collector).
 */
export async function queriesPerRequest(
  databaseUrl: string,
  url: string,
  requests = 50,
  /** Sent with each request (e.g. the remembered municipality's cookie). */
  headers: Record<string, string> = {},
): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const read = async () => {
      // Statistics reach the shared counters when a backend goes idle, at most 10 s later.
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      const { rows } = await client.query<{ n: string }>(
        "select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()",
      );
      return Number(rows[0]?.n ?? 0);
    };
    // One request first, so that what a first request alone does (a pool connection's
    // settings, a prepared plan) is not counted.
    await drain(url, headers);
    const before = await read();
    for (let i = 0; i < requests; i++) await drain(url, headers);
    const after = await read();
    // The first read's own transaction is counted between the two reads.
    return Math.max(0, after - before - 1) / requests;
  } finally {
    await client.end();
  }
}

async function drain(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers: { "accept-encoding": "br", ...headers } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
}
