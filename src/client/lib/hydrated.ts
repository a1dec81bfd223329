import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False on the server and while React takes over a server-drawn page, true from then on (and at once in a
 * page the browser draws). NOTE: a controlled field typed into in between loses what was typed (React puts its
 * own value back), so fields stay read-only until then (decision 037).
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
