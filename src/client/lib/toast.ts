/**
 * The app's toasts: react-toastify's `toast`, whose code comes after the first screen (decision 040), once the
 * page is used (decision 070). A toast asked for before the library has arrived is shown once it has;
 * react-toastify keeps toasts asked for before its region is drawn and shows them when it is.
 */
import type { ToastContent, ToastOptions } from "react-toastify/unstyled";
import { touchNow } from "./first-touch.ts";

type Toastify = typeof import("../components/toasts.tsx");

let loading: Promise<Toastify> | undefined;

/**
 * The toasts' code (react-toastify, its styles and the region), fetched once: at the first toast, or at the
 * page's first touch (lib/first-touch.ts), when the providers draw the region (decision 070).
 */
export function loadToasts(): Promise<Toastify> {
  loading ??= import("../components/toasts.tsx").catch((error: unknown) => {
    // NOTE: a later toast asks again (a chunk that failed offline may load once the connection is back).
    loading = undefined;
    throw error;
  });
  return loading;
}

const show =
  (kind: "success" | "error" | "info") =>
  (content: ToastContent, options?: ToastOptions): void => {
    // NOTE: a toast before the page's first touch (a session ended) counts as one: the region is drawn for it.
    touchNow();
    void loadToasts().then(
      ({ toast: toastify }) => toastify[kind](content, options),
      () => undefined,
    );
  };

export const toast = { success: show("success"), error: show("error"), info: show("info") };
