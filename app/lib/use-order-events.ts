import { useEffect, useRef } from "react";
import type { MerchantOrderEventDto } from "../../shared/api-types";
import { portalUrl } from "./merchant-api";

/** The SSE stream of one merchant's orders (issue 35): `event: order` per new or changed order. */
export const orderEventsUrl = (merchantId: number) => portalUrl(merchantId, "/events");

/** After the server closed the stream for good (a 401, a restart's 503), try again this late. */
export const REOPEN_AFTER_MS = 30_000;

const EVENT_TYPES = new Set(["created", "updated"]);

/** The event's data when it is one of ours; anything else is ignored. */
export function parseOrderEvent(data: unknown): MerchantOrderEventDto | null {
  if (typeof data !== "string") return null;
  try {
    const event = JSON.parse(data) as Partial<MerchantOrderEventDto>;
    return EVENT_TYPES.has(String(event.type)) && typeof event.orderId === "number"
      ? (event as MerchantOrderEventDto)
      : null;
  } catch {
    return null;
  }
}

/**
 * Follows a merchant's orders while the component is mounted: one EventSource on
 * GET /api/merchant/{id}/events, closed on unmount or when the merchant changes. The browser
 * reconnects by itself after a dropped connection (sending Last-Event-ID); only a stream
 * the server refused is opened again here, after REOPEN_AFTER_MS.
 */
export function useOrderEvents(
  /** Null: no merchant to follow (nothing opened). */
  merchantId: number | null,
  onEvent: (event: MerchantOrderEventDto) => void,
): void {
  // The latest callback, so a new render never reopens the stream.
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });

  useEffect(() => {
    if (merchantId === null || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener = (message: Event) => {
      const event = parseOrderEvent((message as MessageEvent).data);
      if (event) handler.current(event);
    };
    const open = () => {
      source = new EventSource(orderEventsUrl(merchantId));
      source.addEventListener("order", listener);
      source.addEventListener("error", () => {
        // CONNECTING: the browser is already retrying; CLOSED: it gave up.
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        timer = setTimeout(open, REOPEN_AFTER_MS);
      });
    };
    open();
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  }, [merchantId]);
}
