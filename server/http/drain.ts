// Stopping without cutting anyone off: the calls in progress are counted, and once the server is
// told to stop, new calls are answered 503 (a proxy sends them to another instance) while those in
// progress finish. Deno's own HttpServer.shutdown() is called only after that, because on Deno 2.9
// it makes the body of a request still arriving unreadable (denoland/deno#36809): a quote upload in
// progress would be lost.
import type { MiddlewareHandler } from "hono";
import { DomainError } from "../domain/errors.ts";
import type { AppEnv } from "./route.ts";

export class Drain {
  #inFlight = 0;
  #draining = false;
  #idle: (() => void) | undefined;
  /** Aborted once the server stops: long answers (event streams) end then, so it can close. */
  #stopping = new AbortController();

  readonly middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.set("stopping", this.#stopping.signal);
    if (this.#draining) {
      c.header("Retry-After", "5");
      c.header("Connection", "close");
      throw new DomainError("unavailable", "server.draining");
    }
    this.#inFlight++;
    try {
      await next();
    } finally {
      if (--this.#inFlight === 0) this.#idle?.();
    }
  };

  /** Refuses new calls from now on; resolves once none is in progress, or after `ms`. */
  async settle(ms: number): Promise<void> {
    this.#draining = true;
    this.#stopping.abort();
    if (this.#inFlight === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await new Promise<void>((resolve) => {
      this.#idle = resolve;
      timer = setTimeout(resolve, ms);
    });
    clearTimeout(timer);
  }
}
