import Bowser from "bowser";

/** "Chrome on Android": what a person recognises of a User-Agent, never the raw header. Null when unknown. */
export function describeBrowser(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (!browser && !os) return null;
  return (browser && os ? `${browser} on ${os}` : (browser ?? os ?? "")).slice(0, 100);
}
