import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request a stand-in took: its path, headers and JSON body. */
export interface TakenRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/**
 * Local stand-ins of the phone providers' HTTP APIs (issue 37), answering as their documentation says: Meta's
 * WhatsApp Cloud API (`POST /{phone-number-id}/messages` with a bearer token: 200 with `messages[0].id`, or an
 * `error` object) and MSG91's Flow API (`POST /flow` with an `authkey` header: `{ type: "success", message }`).
 * Tests read what each took, and may make WhatsApp refuse (`whatsappFails`).
 */
export async function startPhoneProviders(expected: { token: string; authKey: string }) {
  const whatsapp: TakenRequest[] = [];
  const msg91: TakenRequest[] = [];
  /** The id each took request was answered with, in the same order. */
  const whatsappIds: number[] = [];
  const msg91Ids: string[] = [];
  const state = { whatsappFails: false };
  let sequence = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      } catch {
        return answer(400, { error: { message: "Invalid JSON", type: "OAuthException", code: 100 } });
      }
      const path = req.url ?? "";
      sequence += 1;
      if (/^\/whatsapp\/[^/]+\/messages$/.test(path)) {
        if (req.headers.authorization !== `Bearer ${expected.token}`) {
          return answer(401, {
            error: { message: "Invalid OAuth access token", type: "OAuthException", code: 190 },
          });
        }
        whatsapp.push({ path, headers: req.headers, body });
        whatsappIds.push(sequence);
        if (state.whatsappFails) {
          return answer(400, {
            error: { message: "(#132001) Template name does not exist in the translation", code: 132001 },
          });
        }
        return answer(200, {
          messaging_product: "whatsapp",
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: `wamid.stand-in-${sequence}` }],
        });
      }
      if (path === "/msg91/flow") {
        if (req.headers.authkey !== expected.authKey) {
          return answer(401, { type: "error", message: "Authentication failure" });
        }
        msg91.push({ path, headers: req.headers, body });
        msg91Ids.push(`3a6b${sequence}`);
        return answer(200, { type: "success", message: `3a6b${sequence}` });
      }
      answer(404, { error: { message: "Unknown path" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    whatsappUrl: `${url}/whatsapp`,
    msg91Url: `${url}/msg91`,
    whatsapp,
    msg91,
    whatsappIds,
    msg91Ids,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
