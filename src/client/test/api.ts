import { HttpResponse, http, type JsonBodyType } from "msw";
import { setupServer } from "msw/node";

/*
 * The one fake of our API in the client's tests (Mock Service Worker): a test says what the server answers
 * with `api.use(http.get("/api/…", …))`, or `serveJson` for plain JSON answers, and reads what the screen
 * sent with `apiRequests()`. A request no test declared is answered 404 `not_found` and fails the test when it
 * ends (setup.ts), so a screen that starts asking for something new is noticed rather than silently fed.
 */

/** A request the fake API received during the current test, its body already read (JSON when it parses). */
export interface ApiRequest {
  method: string;
  /** The path with its query, as the client asked for it (`/api/orders?page=2`). */
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

const received: Promise<ApiRequest>[] = [];
const unexpected: string[] = [];

async function record(request: Request): Promise<ApiRequest> {
  const url = new URL(request.url);
  const text = await request.text();
  let body: unknown = text === "" ? undefined : text;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    // NOTE: a body that is not JSON (a form upload) is kept as its text.
  }
  return { method: request.method, path: url.pathname + url.search, url, headers: request.headers, body };
}

// NOTE: the last handler, under every test's own (`api.use` puts those first).
const notDeclared = http.all("*", ({ request }) => {
  // NOTE: an answer, not a network error: MSW rejected a network error of a request the app had already given
  // up on (a query cancelled as its test ended) where nobody could catch it, and the run failed on it.
  const url = new URL(request.url);
  unexpected.push(`${request.method} ${url.pathname}${url.search}`);
  return HttpResponse.json(
    { error: { code: "not_found", message: "No test answer for this request" } },
    { status: 404 },
  );
});

export const api = setupServer(notDeclared);

api.events.on("request:start", ({ request }) => {
  received.push(record(request.clone()));
});

/** Every request the API received in this test, in order. */
export const apiRequests = () => Promise.all(received);

/** The requests to paths starting with `prefix` (and of `method`, when given). */
export async function apiRequestsTo(prefix: string, method?: string): Promise<ApiRequest[]> {
  return (await apiRequests()).filter(
    (request) => request.path.startsWith(prefix) && (method === undefined || request.method === method),
  );
}

/**
 * Answers each GET path (exactly, query aside) with its JSON body, as the server would; a shorthand for the
 * common case of screens that only read.
 */
export function serveJson(replies: Record<string, JsonBodyType>): void {
  api.use(...Object.entries(replies).map(([path, body]) => http.get(path, () => HttpResponse.json(body))));
}

/** What every signed-in screen's header asks: the farmer's count of new parts (none). */
export const shellAnswers = [http.get("/api/farmer/pending-count", () => HttpResponse.json({ pending: 0 }))];

/** No answer at all, as when the network is down (the client's `network` error). */
export const offline = () => HttpResponse.error();

/** An error answer as the API sends it. */
export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  HttpResponse.json({ error: { code, message, ...(fields ? { fields } : {}) } }, { status });

/**
 * Ends a test's use of the API: forgets its answers and what it received, and returns the requests that no
 * test declared (setup.ts fails the test with them).
 */
export function endApiTest(): string[] {
  api.resetHandlers();
  received.length = 0;
  return unexpected.splice(0);
}

export { HttpResponse, http };
