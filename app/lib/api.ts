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

  /** The server's stable error code ("not_found", "validation", "conflict"…), when it sent one. */
  get code(): ErrorCode | undefined {
    return this.body?.code;
  }

  /** The server's message for one form field (`errors[].path`), to show by that field. */
  fieldMessage(path: string): string | undefined {
    return this.body?.errors?.find((e) => e.path === path)?.message;
  }
}

/** The code of an API error (undefined for anything else), for callers that branch on it. */
export function errorCode(error: unknown): ErrorCode | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

export async function apiRequest<T = unknown>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await toApiError(response);
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
