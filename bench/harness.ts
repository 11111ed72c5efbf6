import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { measureLoad, type LoadOptions } from "./load";
import { REMEMBERED_MUNICIPALITY, type EndpointResult } from "./report";

export interface Endpoint {
  name: string;
  path: string;
  connections: number;
  method?: "GET" | "POST";
  body?: string;
  /** Requests that write: each gets its own cart and client address (no rate-limit hits). */
  uniqueClient?: boolean;
  /** Reads limited per address (search, 120 a minute): each request from another address. */
  manyClients?: boolean;
  /** Sent with every request of the row, its warm-up and its captured answer (e.g. a Cookie). */
  headers?: Record<string, string>;
}

/** A shopper who chose 'Entrega a mi municipio' (issue 27; rows named REMEMBERED_MUNICIPALITY). */
const MUNICIPALITY_COOKIE_HEADER = { cookie: "tiangue_municipio=San%20Salvador%20Centro" };

/** Picks the sample ids and slugs the endpoints need from the running product. */
export async function sampleTargets(baseUrl: string) {
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(baseUrl + path);
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return (await response.json()) as T;
  };
  const categories =
    await get<{ id: number; slug: string; productCount: number }[]>("/api/categories");
  const category = [...categories].sort((a, b) => b.productCount - a.productCount)[0];
  const [product] = await get<{ id: number; slug: string }[]>("/api/products?limit=1");
  const [merchant] = await get<{ slug: string }[]>("/api/merchants/featured");
  if (!category || !product || !merchant) throw new Error("catálogo vacío: nada que medir");
  return {
    categoryId: category.id,
    categorySlug: category.slug,
    product,
    merchantSlug: merchant.slug,
  };
}

export function standardEndpoints(t: Awaited<ReturnType<typeof sampleTargets>>): Endpoint[] {
  return [
    { name: "Categorías (API)", path: "/api/categories", connections: 50 },
    {
      name: "Productos de una categoría (API)",
      path: `/api/products?categoryId=${t.categoryId}`,
      connections: 50,
    },
    // Issue 36: the lists' orders and filters, each read from its index.
    {
      name: "Productos de una categoría por menor precio, solo disponibles (API)",
      path: `/api/products?categoryId=${t.categoryId}&sort=price_asc&available=1`,
      connections: 50,
    },
    {
      name: "Productos de $5 a $20, mejor calificados (API)",
      path: "/api/products?minPrice=5&maxPrice=20&sort=rating",
      connections: 50,
    },
    { name: "Producto por slug (API)", path: `/api/products/${t.product.slug}`, connections: 50 },
    { name: "Comercios destacados (API)", path: "/api/merchants/featured", connections: 50 },
    // Issue 12: the shopper's filters are queries on merchant_hours and the delivery columns.
    { name: "Comercios abiertos ahora (API)", path: "/api/merchants?open=now", connections: 50 },
    {
      name: "Comercios en o que entregan a un municipio (API)",
      path: "/api/merchants?municipality=San%20Salvador%20Centro",
      connections: 50,
    },
    // Issue 36: a district's zone, the same GIN lookup with its own keys.
    {
      name: "Comercios en o que entregan a un distrito (API)",
      path: "/api/merchants?zone=soyapango",
      connections: 50,
    },
    {
      name: "Búsqueda abierta ahora y por municipio «caf»",
      path: "/api/search?q=caf&open=now&municipality=San%20Salvador%20Centro",
      connections: 50,
      manyClients: true,
    },
    {
      name: "Búsqueda, 3 letras «caf»",
      path: "/api/search?q=caf",
      connections: 50,
      manyClients: true,
    },
    {
      name: "Búsqueda, 6 letras «hamaca»",
      path: "/api/search?q=hamaca",
      connections: 50,
      manyClients: true,
    },
    {
      name: "Búsqueda con error «pupuza»",
      path: "/api/search?q=pupuza",
      connections: 50,
      manyClients: true,
    },
    COMMON_WORD_SEARCH,
    {
      name: "Agregar al carrito (API)",
      path: "/api/cart/bench",
      method: "POST",
      body: JSON.stringify({ productId: t.product.id, quantity: 1 }),
      connections: 50,
      uniqueClient: true,
    },
    // Every server-rendered page with data (issue 13 measures each without the cache too).
    { name: "Inicio (SSR)", path: "/", connections: 20 },
    { name: "Categorías (SSR)", path: "/categories", connections: 20 },
    { name: "Página de categoría (SSR)", path: `/categories/${t.categorySlug}`, connections: 20 },
    {
      name: `Página de categoría (SSR)${REMEMBERED_MUNICIPALITY}`,
      path: `/categories/${t.categorySlug}`,
      connections: 20,
      headers: MUNICIPALITY_COOKIE_HEADER,
    },
    { name: "Comercios (SSR)", path: "/merchants", connections: 20 },
    {
      name: `Comercios (SSR)${REMEMBERED_MUNICIPALITY}`,
      path: "/merchants",
      connections: 20,
      headers: MUNICIPALITY_COOKIE_HEADER,
    },
    { name: "Comercios abiertos ahora (SSR)", path: "/merchants?open=now", connections: 20 },
    {
      name: "Comercios en o que entregan a un municipio (SSR)",
      path: "/merchants?municipality=San%20Salvador%20Centro",
      connections: 20,
    },
    {
      name: "Comercios en o que entregan a un distrito (SSR)",
      path: "/merchants?zone=Soyapango",
      connections: 20,
    },
    { name: "Página de comercio (SSR)", path: `/merchants/${t.merchantSlug}`, connections: 20 },
    { name: "Productos (SSR)", path: "/products", connections: 20 },
    // Issue 36: a sorted, filtered list is kept like any page; a link's unknown parameter
    // (a WhatsApp share's utm) is the same kept page (server/http/page-key.ts).
    {
      name: "Productos por menor precio, solo disponibles (SSR)",
      path: "/products?sort=price_asc&available=1",
      connections: 20,
    },
    {
      name: "Productos por menor precio, con utm_source (SSR)",
      path: "/products?sort=price_asc&available=1&utm_source=whatsapp",
      connections: 20,
    },
    {
      name: "Productos de una categoría de $5 a $20 (SSR)",
      path: `/categories/${t.categorySlug}?tab=productos&sort=price_desc&minPrice=5&maxPrice=20`,
      connections: 20,
    },
    { name: "Página de producto (SSR)", path: `/products/${t.product.slug}`, connections: 20 },
    { name: "Página de búsqueda «caf» (SSR)", path: "/search?q=caf", connections: 20 },
  ];
}

/** Issue 13's very common word: in the description of nearly every generated product. */
export const COMMON_WORD_SEARCH: Endpoint = {
  name: "Búsqueda de palabra muy común «salvador»",
  path: "/api/search?q=salvador",
  connections: 50,
  manyClients: true,
};

/** The pages issue 13 times one request at a time, uncached, at 1M products (p95 < 30 ms). */
const ONE_AT_A_TIME_PAGES = new Set(["Página de producto (SSR)", "Página de categoría (SSR)"]);

/**
 * What the in-memory catalogue cache hides (docs/decisions/0003): measured on a server
 * started with CATALOGUE_CACHE=off, so every request reaches the database, as the first
 * request for a product or a query does.
 */
export function uncachedEndpoints(t: Awaited<ReturnType<typeof sampleTargets>>): Endpoint[] {
  const names = new Set([
    "Productos de una categoría (API)",
    "Productos de una categoría por menor precio, solo disponibles (API)",
    "Productos de $5 a $20, mejor calificados (API)",
    "Producto por slug (API)",
    "Búsqueda, 3 letras «caf»",
    "Búsqueda, 6 letras «hamaca»",
    "Búsqueda con error «pupuza»",
    COMMON_WORD_SEARCH.name,
  ]);
  const standard = standardEndpoints(t);
  // A new query's own time, one at a time: at 50 connections its latency would only say
  // how long the queue is (the throughput shows in the API rows).
  const api = standard
    .filter((e) => names.has(e.name))
    .map((e) => ({
      ...e,
      name: `${e.name}, sin caché`,
      connections: e.name.startsWith("Búsqueda") ? 1 : e.connections,
    }));
  // Every server-rendered page: throughput at 20 connections (a crawler walking the
  // catalogue), and the product and category pages one at a time (their own latency).
  const pages = standard.filter((e) => e.name.includes("(SSR)"));
  return [
    ...api,
    ...pages.map((e) => ({ ...e, name: `${e.name}, sin caché` })),
    ...pages
      .filter((e) => ONE_AT_A_TIME_PAGES.has(e.name))
      .map((e) => ({ ...e, name: `${e.name}, sin caché, una a la vez`, connections: 1 })),
  ];
}

/** The rows whose name holds `filter`, or one of its "|"-separated parts (BENCH_FILTER). */
export function selectRows(endpoints: Endpoint[], filter: string | undefined): Endpoint[] {
  const parts = (filter ?? "").split("|").filter(Boolean);
  if (parts.length === 0) return endpoints;
  return endpoints.filter((e) => parts.some((part) => e.name.includes(part)));
}

/** How the load drives one endpoint: its method, headers and body, per-request clients. */
export function loadOptions(endpoint: Endpoint, duration: number): LoadOptions {
  const options: LoadOptions = {
    connections: endpoint.connections,
    duration,
    method: endpoint.method,
  };
  if (endpoint.headers) options.headers = { ...endpoint.headers };
  if (endpoint.method === "POST") {
    options.headers = { ...options.headers, "content-type": "application/json" };
    options.body = endpoint.body;
  }
  if (endpoint.manyClients) {
    options.setupRequest = (request) => ({
      ...request,
      headers: {
        ...request.headers,
        "x-forwarded-for": `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
      },
    });
  }
  if (endpoint.uniqueClient) {
    options.setupRequest = (request) => {
      const id = randomBytes(8).toString("hex");
      const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      return {
        ...request,
        path: `/api/cart/bench-${id}`,
        headers: { ...request.headers, "x-forwarded-for": ip },
      };
    };
  }
  return options;
}

/** One answer as the product sent it: what the baseline then sends to every request. */
export interface CapturedAnswer {
  status: number;
  /** Header names and values in the order and case they were sent (Node's rawHeaders). */
  headers: string[];
  /** The body as sent: compressed when the product compressed it. */
  body: Buffer;
  /** Sent with chunked transfer coding (no Content-Length). */
  chunked: boolean;
  /** Bytes of the status line and headers as sent, the blank line included. */
  headBytes: number;
}

/**
 * Asks `url` once, with the headers the load sends (Accept-Encoding among them), and keeps
 * the answer's status, headers and body bytes untouched (fetch would decompress the body).
 */
export function captureAnswer(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<CapturedAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: init.method ?? "GET",
        headers: { "accept-encoding": "gzip, br", ...init.headers },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (c: Buffer) => chunks.push(c));
        response.on("error", reject);
        response.on("end", () => {
          const headers = response.rawHeaders;
          let headBytes =
            `HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage}\r\n`
              .length + 2;
          for (let i = 0; i + 1 < headers.length; i += 2) {
            headBytes += Buffer.byteLength(`${headers[i]}: ${headers[i + 1]}\r\n`);
          }
          resolve({
            status: response.statusCode ?? 0,
            headers,
            body: Buffer.concat(chunks),
            chunked: /chunked/i.test(String(response.headers["transfer-encoding"] ?? "")),
            headBytes,
          });
        });
      },
    );
    request.on("error", reject);
    request.end(init.body);
  });
}

/** Registers an answer with the baseline server; returns the path that sends it back. */
export async function registerWithBaseline(
  baselineUrl: string,
  answer: CapturedAnswer,
): Promise<string> {
  const response = await fetch(`${baselineUrl}/__answers`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      status: answer.status,
      headers: answer.headers,
      bodyBase64: answer.body.toString("base64"),
      chunked: answer.chunked,
    }),
  });
  if (response.status !== 201) throw new Error(`baseline: ${response.status}`);
  return ((await response.json()) as { path: string }).path;
}

/**
 * Measures each endpoint of the product and, right after, the bare baseline sending the
 * same bytes (status line, headers and body of one captured answer of the endpoint) to the
 * same requests with the same connections.
 */
export async function benchmarkEndpoints(
  productUrl: string,
  baselineUrl: string,
  endpoints: Endpoint[],
  options: { duration: number; warmup: number; onResult?: (r: EndpointResult) => void },
): Promise<EndpointResult[]> {
  const results: EndpointResult[] = [];
  for (const endpoint of endpoints) {
    const url = productUrl + endpoint.path;
    const load = loadOptions(endpoint, options.duration);
    if (options.warmup > 0) await measureLoad(url, { ...load, duration: options.warmup });
    // After the warm-up: the answer the measured requests get (cached, compressed).
    const answer = await captureAnswer(
      endpoint.method === "POST" ? `${productUrl}/api/cart/bench-size` : url,
      endpoint.method === "POST"
        ? {
            method: "POST",
            headers: { ...load.headers, "x-forwarded-for": "10.0.0.1" },
            body: endpoint.body,
          }
        : { headers: load.headers },
    );
    const baselinePath = await registerWithBaseline(baselineUrl, answer);
    const product = await measureLoad(url, load);
    // The same requests (method, headers, body), one fixed path: only the answer is the product's.
    const baseline = await measureLoad(baselineUrl + baselinePath, {
      connections: endpoint.connections,
      duration: options.duration,
      method: load.method,
      headers: load.headers,
      body: load.body,
    });
    const result: EndpointResult = {
      name: endpoint.name,
      path: endpoint.path,
      method: endpoint.method ?? "GET",
      connections: endpoint.connections,
      bytes: answer.body.length,
      headBytes: answer.headBytes,
      product,
      baseline,
      ratio:
        baseline.requestsPerSecond > 0 ? product.requestsPerSecond / baseline.requestsPerSecond : 0,
    };
    options.onResult?.(result);
    results.push(result);
  }
  return results;
}
