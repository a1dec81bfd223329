import { useLayoutEffect, useRef } from "react";
import { type Location, useLocation, useNavigationType } from "react-router";

/** Where positions outlive a reload of the tab (sessionStorage). */
const STORAGE_KEY = "veggie-cart:scroll-positions";

/**
 * Positions are remembered per history entry; a page opened fresh (typed, reloaded, a link from outside) has
 * no entry key of its own ("default" for every one), so it is remembered by its path instead: otherwise
 * each fresh page would restore the last fresh page's position.
 */
const scrollKey = (location: Location) => (location.key === "default" ? location.pathname : location.key);

function storedPositions(): Record<string, number> {
  try {
    return JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * A new page opens at its top (or at its `#section`); Back and Forward return to where the person left it.
 * React Router's own `ScrollRestoration` needs its data router, which the first screen does without
 * (decision 043). The position is noted as the page scrolls, under the entry drawn on screen, and applied
 * when the next entry is drawn (after a screen that had to load its code, not when the address changed).
 */
export function ScrollMemory() {
  const location = useLocation();
  const navigation = useNavigationType();
  const positions = useRef<Record<string, number>>({});
  const shown = useRef("");

  useLayoutEffect(() => {
    positions.current = storedPositions();
    window.history.scrollRestoration = "manual";
    const note = () => {
      positions.current[shown.current] = window.scrollY;
    };
    const keep = () => {
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // NOTE: storage full or disabled: positions last as long as the page.
      }
    };
    window.addEventListener("scroll", note, { passive: true });
    window.addEventListener("pagehide", keep);
    return () => {
      window.removeEventListener("scroll", note);
      window.removeEventListener("pagehide", keep);
      window.history.scrollRestoration = "auto";
    };
  }, []);

  useLayoutEffect(() => {
    const key = scrollKey(location);
    shown.current = key;
    const saved = positions.current[key];
    if (navigation === "POP" && saved !== undefined) {
      window.scrollTo(0, saved);
      return restoreOnceTallEnough(saved);
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else if (navigation !== "POP") window.scrollTo(0, 0);
  }, [location, navigation]);

  return null;
}

/**
 * A page drawn shorter than where it was left (its lists still coming) clamps the position: the position is
 * applied again as the page grows, until it is reached, the person scrolls themselves, or 3 s have passed.
 */
function restoreOnceTallEnough(saved: number): (() => void) | undefined {
  if (window.scrollY >= saved - 1 || typeof ResizeObserver === "undefined") return undefined;
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, saved);
    if (window.scrollY >= saved - 1) stop();
  });
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of PERSON_SCROLLS) window.removeEventListener(type, stop);
  };
  const timer = window.setTimeout(stop, 3000);
  for (const type of PERSON_SCROLLS) window.addEventListener(type, stop, { passive: true });
  observer.observe(document.body);
  return stop;
}

/** What a person does to scroll a page themselves. */
const PERSON_SCROLLS = ["wheel", "touchstart", "keydown"] as const;
