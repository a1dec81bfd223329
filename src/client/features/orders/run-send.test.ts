import { describe, expect, it } from "vitest";
import { queuedAction } from "./run-queue.ts";
import { runActionRequest, sendRunAction } from "./run-send.ts";

/**
 * The request a queued run action becomes and how its answer is read: the one module the run's screen and the
 * service worker's Background Sync both send with (decision 046), so both send exactly the same requests.
 */

const payment = queuedAction(
  "2026-12-07",
  { kind: "pay", partId: "part 1", payment: { method: "cash", amount: 40 } },
  { key: "key-0123456789abcdef", language: "mr" },
);

type Seen = { path: string; method?: string; headers: Headers; body: unknown };

/** A server answering every request with `answer`, keeping what it was sent. */
function server(answer: () => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetch = async (path: string, init: RequestInit) => {
    seen.push({
      path,
      method: init.method,
      headers: new Headers(init.headers),
      body: JSON.parse(String(init.body)),
    });
    return answer();
  };
  return { seen, fetch };
}

describe("a queued run action as a request", () => {
  it("is the screen's request: its route, JSON body, Idempotency-Key, the CSRF header, the language, the cookie", async () => {
    const { seen, fetch } = server(() => Response.json({ part: {} }, { status: 201 }));
    expect(await sendRunAction(payment, { language: "mr", fetch })).toEqual({ kind: "sent" });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.path).toBe("/api/farmer/orders/part%201/payments");
    expect(request?.method).toBe("POST");
    expect(request?.body).toEqual({ method: "cash", amount: 40 });
    expect(Object.fromEntries(request?.headers ?? [])).toEqual({
      "idempotency-key": "key-0123456789abcdef",
      "x-veggie-cart": "1",
      "accept-language": "mr",
      "content-type": "application/json",
    });
    expect(runActionRequest(payment, "mr").init.credentials).toBe("same-origin");
  });

  it("keeps the language it was recorded in, for the service worker to ask the server's words in", () => {
    expect(payment.language).toBe("mr");
    const order = queuedAction("2026-12-07", { kind: "order", partIds: ["b", "a"] }, { key: "k".repeat(16) });
    expect(order.language).toBeUndefined();
    expect(runActionRequest(order, "hi")).toMatchObject({
      path: "/api/farmer/run/order",
      init: { method: "PUT", body: JSON.stringify({ date: "2026-12-07", partIds: ["b", "a"] }) },
    });
  });
});

describe("its answer, as the queue reads it", () => {
  it("a refusal by the server's rules is kept with the first field's message, else the error's", async () => {
    const refusal = (body: object) => server(() => Response.json({ error: body }, { status: 409 })).fetch;
    expect(
      await sendRunAction(payment, {
        language: "en",
        fetch: refusal({ code: "invalid_transition", message: "Cannot", fields: { amount: "Overpays" } }),
      }),
    ).toEqual({ kind: "refused", reason: "Overpays" });
    expect(
      await sendRunAction(payment, {
        language: "en",
        fetch: refusal({ code: "invalid_transition", message: "A cancelled part cannot be paid" }),
      }),
    ).toEqual({ kind: "refused", reason: "A cancelled part cannot be paid" });
  });

  it("no answer, signed out or a failing server waits, to be sent again with the same key", async () => {
    const failing = async () => {
      throw new TypeError("Failed to fetch");
    };
    expect(await sendRunAction(payment, { language: "en", fetch: failing })).toEqual({ kind: "wait" });
    for (const status of [401, 503]) {
      const { fetch } = server(() =>
        Response.json({ error: { code: "unauthenticated", message: "Sign in" } }, { status }),
      );
      expect(await sendRunAction(payment, { language: "en", fetch })).toEqual({ kind: "wait" });
    }
  });

  it("a refusal that is not the API's is put in the page's words, or waits for a page where there are none", async () => {
    const { fetch } = server(() => new Response("<html>Blocked</html>", { status: 403 }));
    expect(
      await sendRunAction(payment, { language: "en", fetch, unreadable: (status) => `Failed (${status})` }),
    ).toEqual({ kind: "refused", reason: "Failed (403)" });
    expect(await sendRunAction(payment, { language: "en", fetch })).toEqual({ kind: "wait" });
  });
});
