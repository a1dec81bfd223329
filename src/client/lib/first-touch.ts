/**
 * What a page needs only once someone uses it (the toasts' code, the sign-in schemas) is fetched at their first
 * touch, key or focus rather than as soon as the app runs, so a page nobody has touched stops fetching once
 * it is usable (issue 39: /login's script until the network is idle; decision 070).
 */
const EVENTS = ["pointerdown", "touchstart", "keydown", "focusin"];

/** What waits for the first touch; undefined once it has come. */
let waiting: (() => void)[] | undefined = [];

/** The page counts as used from now: someone typed or tapped before the app ran, or a toast is shown. */
export function touchNow(): void {
  const then = waiting;
  waiting = undefined;
  for (const event of EVENTS) window.removeEventListener(event, touchNow, true);
  for (const run of then ?? []) run();
}

/** Runs `then` at the page's first touch, key or focus, or at once if it has come. */
export function onFirstTouch(then: () => void): void {
  if (!waiting) {
    then();
    return;
  }
  if (waiting.length === 0) {
    for (const event of EVENTS) window.addEventListener(event, touchNow, { capture: true, passive: true });
  }
  waiting.push(then);
}
