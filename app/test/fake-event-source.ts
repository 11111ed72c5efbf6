import { vi } from "vitest";

/**
 * The browser's EventSource, faked: the tests open no connection, they make the server's
 * events happen (`emit`) and see which streams are open. Installed with `installEventSource`.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readyState = FakeEventSource.OPEN;

  constructor(url: string | URL) {
    super();
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server sends `event: <type>` with this data (JSON unless a string). */
  emit(type: string, data: unknown, lastEventId = "") {
    const text = typeof data === "string" ? data : JSON.stringify(data);
    this.dispatchEvent(new MessageEvent(type, { data: text, lastEventId }));
  }

  /** The server refused or ended the stream for good: the browser will not retry. */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event("error"));
  }

  /** The streams not closed. */
  static open() {
    return FakeEventSource.instances.filter((s) => s.readyState !== FakeEventSource.CLOSED);
  }
}

export function installEventSource() {
  FakeEventSource.instances = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  return FakeEventSource;
}
