import type { FastifyInstance } from "fastify";
import { formatRupees, paiseToRupees } from "../../shared/money.ts";
import { TEST_METHODS, type TestGateway, type TestMethod } from "./test-gateway.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const METHOD_NAMES: Record<TestMethod, string> = { card: "Card", upi: "UPI", netbanking: "Net banking" };

/** A page of the test gateway: it stands for the gateway's own hosted page, so it is plain and on its own. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1f2937}h1{font-size:1.4rem}fieldset{border:1px solid #9ca3af;border-radius:.5rem;margin:1rem 0}label{display:block;padding:.4rem 0}.amount{font-size:1.6rem;font-weight:700}.row{display:flex;gap:.75rem}button{font-size:1rem;padding:.7rem 1.4rem;border-radius:.5rem;border:1px solid #166534;cursor:pointer}.pay{background:#166534;color:#fff}.fail{background:#fff;color:#991b1b;border-color:#991b1b}</style></head>
<body><main>${body}</main></body></html>`;
}

/**
 * The test gateway's hosted page (`GET /pay/test/:id`: "Test payment — no money moves", the amount, Pay and
 * Fail) and its form. Pay or Fail sends the webhook to our own `/api/payments/webhook` (signed as Razorpay
 * signs it) and then sends the browser to the return URL with Razorpay's signed values: the same code path as
 * Razorpay's. Registered only when PAYMENT_GATEWAY=test.
 */
export async function testGatewayRoutes(app: FastifyInstance, { gateway }: { gateway: TestGateway }) {
  // NOTE: the page's form posts as a browser does; this scope alone reads that body.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  /** The link while it takes money: made here, not paid nor cancelled, not past its expiry. */
  const openLink = (id: string) => {
    const link = gateway.link(id);
    return link?.status === "created" && link.expireBy.getTime() > app.clock().getTime() ? link : undefined;
  };

  app.get<{ Params: { id: string } }>("/pay/test/:id", async (request, reply) => {
    const known = gateway.link(request.params.id);
    const link = openLink(request.params.id);
    reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
    if (!link) {
      const why = !known
        ? "This payment link is not known here."
        : known.status === "paid"
          ? "This payment link was paid already."
          : "This payment link is no longer open.";
      return reply
        .status(known ? 410 : 404)
        .send(page("Test payment", `<h1>Test payment — no money moves</h1><p>${why}</p>`));
    }
    const methods = [link.preferredMethod, ...TEST_METHODS.filter((m) => m !== link.preferredMethod)]
      .map(
        (method) =>
          `<label><input type="radio" name="method" value="${method}"${method === link.preferredMethod ? " checked" : ""}> ${METHOD_NAMES[method]}</label>`,
      )
      .join("");
    return reply.send(
      page(
        "Test payment — no money moves",
        `<h1>Test payment — no money moves</h1>
<p>${escapeHtml(link.description)}</p>
<p class="amount">${escapeHtml(formatRupees(paiseToRupees(link.amountPaise)))}</p>
<form method="post" action="/pay/test/${escapeHtml(link.id)}">
<fieldset><legend>Pay by</legend>${methods}</fieldset>
<div class="row"><button class="pay" type="submit" name="action" value="pay">Pay</button>
<button class="fail" type="submit" name="action" value="fail">Fail</button></div>
</form>`,
      ),
    );
  });

  app.post<{ Params: { id: string }; Body: Record<string, string> | undefined }>(
    "/pay/test/:id",
    {
      // NOTE: exempt from the custom-header rule (http/access.ts): a hosted payment page's form is a plain
      // browser form, as Razorpay's is; it moves no money, and what it sends is signed and checked as Razorpay's.
      config: { crossSite: "the test gateway's hosted page posts a plain form, as a gateway's page does" },
    },
    async (request, reply) => {
      const link = openLink(request.params.id);
      if (!link) {
        return reply.redirect(`/pay/test/${encodeURIComponent(request.params.id)}`, 303);
      }
      const body = request.body ?? {};
      const method = TEST_METHODS.find((m) => m === body.method) ?? link.preferredMethod;
      const outcome = body.action === "pay" ? ({ paid: true, method } as const) : ({ paid: false } as const);
      const { webhook, returnUrl } = gateway.settle(link.id, outcome, app.clock());
      // NOTE: as Razorpay would, through HTTP to our webhook route, before the browser comes back.
      await app.inject({
        method: "POST",
        url: "/api/payments/webhook",
        headers: { "content-type": "application/json", "x-razorpay-signature": webhook.signature },
        payload: webhook.body,
      });
      return reply.redirect(returnUrl, 303);
    },
  );
}
