// Stopping without cutting anyone off: the calls in progress are counted, and once the server is
// told to stop, new calls are answered 503 (a proxy sends them to another instance) while those in
// progress finish. Deno's own HttpServer.shutdown() is called only after that, because on Deno 2.9
// it makes the body of a request still arriving unreadable (denoland/deno#36809): a quote upload in
// progress would be lost.
import type { MiddlewareHandler } from "hono";
import { DomainError } from "../domain/errors.ts";

export class Drain {
  #inFlight = 0;
  #draining = false;
  #idle: (() => void) | undefined;

  readonly middleware: MiddlewareHandler = async (c, next) => {
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
    if (this.#inFlight === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await new Promise<void>((resolve) => {
      this.#idle = resolve;
      timer = setTimeout(resolve, ms);
    });
    clearTimeout(timer);
  }
}
