import { describe, expect, it } from "vitest";
import { ApiErrorSchema } from "../../shared/api-error.ts";
import { MeResponseSchema, NoContentSchema } from "../../shared/schemas/auth.ts";
import { api, HttpResponse, http } from "../test/api.ts";
import { ApiRequestError, apiFetch, errorFromReply } from "./api-client.ts";

/** The API answers GET /api/auth/me with `body`. */
const answer = (body: object, status = 200) =>
  api.use(http.get("/api/auth/me", () => HttpResponse.json(body, { status })));

describe("apiFetch", () => {
  it("gives the answer checked against the route's schema", async () => {
    const user = { id: "u1", email: "asha@example.com", name: "Asha" };
    answer({ user, shopTimeZone: "Asia/Kolkata" });
    await expect(apiFetch("/api/auth/me", MeResponseSchema)).resolves.toEqual({
      user,
      shopTimeZone: "Asia/Kolkata",
      // NOTE: a server that does not name its countries delivers to India alone (decision 047).
      shopCountries: ["IN"],
    });
  });

  it("refuses an answer that is not what the API promises as bad_response", async () => {
    answer({ user: { id: 7, name: "Asha" } });
    const error = await apiFetch("/api/auth/me", MeResponseSchema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 200, code: "bad_response" });
  });

  it("reads a 204 as no content", async () => {
    api.use(http.post("/api/auth/logout", () => new HttpResponse(null, { status: 204 })));
    await expect(apiFetch("/api/auth/logout", NoContentSchema, { method: "POST" })).resolves.toBeNull();
  });
});

describe("errorFromReply", () => {
  it("accepts exactly the error bodies ApiErrorSchema accepts", () => {
    const bodies: unknown[] = [
      { error: { code: "unauthorized", message: "Please sign in" } },
      { error: { code: "validation_failed", message: "Check the form", fields: { name: "Required" } } },
      { error: { code: "no_such_code", message: "Unknown" } },
      { error: { code: "unauthorized", message: 4 } },
      { error: { code: "validation_failed", message: "Check", fields: { name: 1 } } },
      { error: { code: "validation_failed", message: "Check", fields: ["name"] } },
      { error: null },
      null,
      "Bad gateway",
    ];
    for (const body of bodies) {
      const expected = ApiErrorSchema.safeParse(body);
      const error = errorFromReply(400, body);
      expect([body, error.code]).toEqual([
        body,
        expected.success ? expected.data.error.code : "bad_response",
      ]);
      if (expected.success) expect(error.fields).toEqual(expected.data.error.fields ?? {});
    }
  });
});
