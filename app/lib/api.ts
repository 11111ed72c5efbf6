import type { ApiErrorBody, ErrorCode } from "../../shared/api-types";

/**
 * The one HTTP helper of the browser side (spec §7): credentials always sent, a JSON
 * body only when there is one, and a failed answer becomes an ApiError whose message
 * is "<status>: <body text or status text>" (spec §8). Callers branch on `code`, the
 * server's stable error code (`if (error.code === "conflict")`), never on message text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's JSON error body, when it sent one. */
    readonly body?: ApiErrorBody,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** The server's Spanish message, for toasts that show it. */
  get serverMessage(): string | undefined {
    return this.body?.message;
  }

  /**
   * The stable error code ("not_found", "validation", "conflict"…): the server's, or for an
   * answer without one (a proxy's 429 or 413), the code the server gives that status.
   */
  get code(): ErrorCode | undefined {
    return this.body?.code ?? codeOfStatus(this.status, Boolean(this.body?.errors));
  }

  /** The server's message for one form field (`errors[].path`), to show by that field. */
  fieldMessage(path: string): string | undefined {
    return this.body?.errors?.find((e) => e.path === path)?.message;
  }
}

/** What the server's own error handler answers for each status (server/app.ts). */
const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "too_large",
  415: "unsupported_type",
  429: "rate_limited",
  502: "bad_gateway",
  503: "unavailable",
};

function codeOfStatus(status: number, withFieldErrors: boolean): ErrorCode | undefined {
  return status === 400 && withFieldErrors ? "validation" : STATUS_CODES[status];
}

/**
 * The code of a failed call, for callers that branch on it: an ApiError's, or that of the
 * server's AppError a loader got from a service (app/ knows its type only); else undefined.
 */
export function errorCode(error: unknown): ErrorCode | undefined {
  if (error instanceof ApiError) return error.code;
  if (typeof error !== "object" || error === null) return undefined;
  const { code, status } = error as { code?: ErrorCode; status?: number };
  return code ?? (typeof status === "number" ? codeOfStatus(status, false) : undefined);
}

/** What a call may add to the method, URL and JSON body. */
export interface RequestOptions {
  /** Headers besides Content-Type, e.g. the checkout's Idempotency-Key. */
  headers?: Record<string, string>;
  /** The request outlives the page (a count sent as the shopper leaves for WhatsApp). */
  keepalive?: boolean;
  /** Cancels the request (the search box drops a stale one). */
  signal?: AbortSignal;
}

/**
 * The answer of a call that succeeded, for callers that read its headers (X-Total-Count);
 * a failed one throws its ApiError.
 */
export async function apiResponse(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: Object.keys(headers).length > 0 ? headers : undefined,
    body: body === undefined ? undefined : JSON.stringify(body),
    ...(options.keepalive ? { keepalive: true } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!response.ok) throw await toApiError(response);
  return response;
}

export async function apiRequest<T = unknown>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const response = await apiResponse(method, url, body, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  let body: ApiErrorBody | undefined;
  try {
    body = text ? (JSON.parse(text) as ApiErrorBody) : undefined;
  } catch {
    body = undefined;
  }
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`, body);
}
