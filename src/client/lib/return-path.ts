/**
 * Where /login sends a person after signing in: the signed-in page they were sent away from (a session that
 * ended at checkout, a shared product link), carried as `?next=` (issue 40 items 14 and 22). Only a path of
 * this shop is followed, never another site.
 */
const NEXT = "next";

/** /login, remembering `path` (a path with its query string) to come back to. */
export function loginPathFor(path: string): string {
  const next = returnPathOf(`?${NEXT}=${encodeURIComponent(path)}`);
  return next ? `/login?${NEXT}=${encodeURIComponent(next).replace(/%2F/g, "/")}` : "/login";
}

/** The page to go back to from a /login search string, when it is one of the shop's own paths. */
export function returnPathOf(search: string): string | undefined {
  const next = new URLSearchParams(search).get(NEXT);
  // NOTE: "//host" and "/\host" are other sites to a browser; /login and /signup would send the person round,
  // and the dashboard is where signing in goes anyway.
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return undefined;
  if (/^\/(login|signup|dashboard)\b/.test(next) || next === "/") return undefined;
  return next;
}
