import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chooseLoadGenerator } from "./load";
import { parseWrkOutput, wrkTimeMs } from "./wrk";

// Captured from real runs of Debian's wrk 4.1.0 (`wrk -t1 -c50 -d5s --latency …`) on 2026-11-27.

/** The built server, WEB_CONCURRENCY=1, cached `GET /api/products?limit=20` on the 100k catalogue. */
const PRODUCTS = `Running 5s test @ http://127.0.0.1:41871/api/products?limit=20
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    15.93ms   33.70ms 237.57ms   92.18%
    Req/Sec     8.44k     5.16k   18.63k    62.50%
  Latency Distribution
     50%    4.15ms
     75%   10.16ms
     90%   37.82ms
     99%  191.22ms
  40577 requests in 5.03s, 64.04MB read
Requests/sec:   8064.44
Transfer/sec:     12.73MB
`;

/** The same server on a path it does not have: every answer a 404. */
const NOT_FOUND = `Running 2s test @ http://127.0.0.1:41871/api/nope
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    49.35ms   70.26ms 682.55ms   94.10%
    Req/Sec     1.35k     1.05k    5.51k    95.00%
  Latency Distribution
     50%   34.96ms
     75%   55.56ms
     90%   86.50ms
     99%  438.96ms
  2780 requests in 2.12s, 1.25MB read
  Non-2xx or 3xx responses: 2780
Requests/sec:   1313.21
Transfer/sec:    606.59KB
`;

/** A node:http server that drops one connection in 50 (socket read errors; latencies in µs). */
const DROPPED = `Running 2s test @ http://127.0.0.1:41872/
  1 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     6.16ms   24.39ms 173.93ms   94.39%
    Req/Sec    31.93k    12.26k   39.89k    84.21%
  Latency Distribution
     50%  239.00us
     75%  408.00us
     90%    2.44ms
     99%  141.60ms
  60400 requests in 2.00s, 7.14MB read
  Socket errors: connect 0, read 1232, write 0, timeout 0
Requests/sec:  30171.13
Transfer/sec:      3.57MB
`;

describe("wrk --latency output", () => {
  it("gives requests per second, mean and percentiles in ms, and the count", () => {
    expect(parseWrkOutput(PRODUCTS)).toEqual({
      requestsPerSecond: 8064,
      mean: 15.93,
      p50: 4.15,
      p75: 10.16,
      p90: 37.82,
      p99: 191.22,
      max: 237.57,
      total: 40577,
      seconds: 5.03,
      errors: 0,
      non2xx: 0,
    });
  });

  it("counts answers outside 2xx/3xx", () => {
    const figures = parseWrkOutput(NOT_FOUND);
    expect(figures.non2xx).toBe(2780);
    expect(figures.total).toBe(2780);
    expect(figures.requestsPerSecond).toBe(1313);
    expect(figures.errors).toBe(0);
  });

  it("adds up socket errors and reads microseconds", () => {
    const figures = parseWrkOutput(DROPPED);
    expect(figures.errors).toBe(1232);
    expect(figures.p50).toBe(0.24);
    expect(figures.p75).toBe(0.41);
    expect(figures.requestsPerSecond).toBe(30171);
    expect(figures.seconds).toBe(2);
  });

  it("refuses output without figures (wrk's usage text, a failed connection)", () => {
    expect(() => parseWrkOutput("Usage: wrk <options> <url>\n")).toThrow(/sin la línea Latency/);
  });

  it("reads wrk's time units", () => {
    expect(wrkTimeMs("333.00us")).toBeCloseTo(0.333);
    expect(wrkTimeMs("4.15ms")).toBe(4.15);
    expect(wrkTimeMs("1.20s")).toBe(1200);
    expect(wrkTimeMs("2.00m")).toBe(120_000);
    expect(() => wrkTimeMs("12")).toThrow();
  });
});

describe("choosing the load generator", () => {
  const path = process.env.PATH;
  let empty: string | undefined;
  afterEach(() => {
    process.env.PATH = path;
    if (empty) rmSync(empty, { recursive: true, force: true });
    empty = undefined;
  });
  const withoutWrk = () => {
    empty = mkdtempSync(join(tmpdir(), "sin-wrk-"));
    process.env.PATH = empty;
  };

  it("falls back to autocannon, saying so, when wrk is not on PATH", () => {
    withoutWrk();
    const said: string[] = [];
    expect(chooseLoadGenerator(undefined, (m) => said.push(m))).toBe("autocannon");
    expect(said.join(" ")).toMatch(
      /wrk no está en el PATH: se usa autocannon.*apt-get install -y wrk/,
    );
  });

  it("refuses LOAD_GENERATOR=wrk without wrk, and anything but wrk or autocannon", () => {
    withoutWrk();
    expect(() => chooseLoadGenerator("wrk", () => {})).toThrow(/wrk no está en el PATH/);
    expect(() => chooseLoadGenerator("ab", () => {})).toThrow(/LOAD_GENERATOR=ab/);
    expect(chooseLoadGenerator("autocannon", () => {})).toBe("autocannon");
  });
});
