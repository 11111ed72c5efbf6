import type { FastifyBaseLogger } from "fastify";

/** pino's standard levels, most severe first. */
const LEVELS: Record<string, number> = {
  fatal: 60,
  error: 50,
  warn: 40,
  info: 30,
  debug: 20,
  trace: 10,
  silent: Infinity,
};

type Method = (...args: unknown[]) => void;

/**
 * A request's logger that builds pino's child (with the request id) only when a line at an
 * enabled level is written. One small object per request, its methods on the prototype: no
 * Proxy, no closures. Reading a method never builds the child — Fastify reads `child`,
 * `error` and the rest of the methods of every request's logger to validate it, which with
 * the earlier Proxy built the child on every request after all (issue 13).
 */
class LazyLogger {
  private built: FastifyBaseLogger | undefined = undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly childBindings: Record<string, unknown>,
    private readonly options: { level?: string },
    /** The level's number: calls under it answer nothing, as pino's do. */
    private readonly threshold: number,
  ) {}

  private real(): FastifyBaseLogger {
    return (this.built ??= this.parent.child(this.childBindings, this.options));
  }

  private write(level: string, levelValue: number, args: unknown[]) {
    if (this.built === undefined && levelValue < this.threshold) return;
    (this.real()[level as keyof FastifyBaseLogger] as Method)(...args);
  }

  fatal(...args: unknown[]) {
    this.write("fatal", 60, args);
  }
  error(...args: unknown[]) {
    this.write("error", 50, args);
  }
  warn(...args: unknown[]) {
    this.write("warn", 40, args);
  }
  info(...args: unknown[]) {
    this.write("info", 30, args);
  }
  debug(...args: unknown[]) {
    this.write("debug", 20, args);
  }
  trace(...args: unknown[]) {
    this.write("trace", 10, args);
  }
  silent() {}

  child(bindings: Record<string, unknown>, options?: Record<string, unknown>) {
    return this.real().child(bindings, options);
  }

  get level(): string {
    return this.built?.level ?? this.options.level ?? this.parent.level;
  }
  set level(level: string) {
    this.real().level = level;
  }

  isLevelEnabled(level: string): boolean {
    if (this.built)
      return (this.built as unknown as { isLevelEnabled(l: string): boolean }).isLevelEnabled(
        level,
      );
    const value = LEVELS[level];
    return value !== undefined && value !== Infinity && value >= this.threshold;
  }

  bindings(): Record<string, unknown> {
    return (this.real() as unknown as { bindings(): Record<string, unknown> }).bindings();
  }

  flush(callback?: (error?: Error) => void) {
    (this.real() as unknown as { flush(cb?: (error?: Error) => void): void }).flush(callback);
  }
}

/**
 * Each request's child logger (carrying its request id), made only when the request logs
 * something its level lets through (issue 13): pino builds a child and runs the redaction of
 * its bindings on every request, 3–4 % of a cached API read's CPU, although at the usual
 * levels most requests never write a line.
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: { level?: string },
): FastifyBaseLogger {
  const threshold = LEVELS[options.level ?? logger.level] ?? LEVELS.info!;
  return new LazyLogger(logger, bindings, options, threshold) as unknown as FastifyBaseLogger;
}
