/**
 * react-toastify's region, its styles and its `toast`: a chunk of their own, loaded after the first screen
 * (src/client/lib/toast.ts, decision 040).
 */
import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { ToastContainer } from "react-toastify/unstyled";
import "react-toastify/dist/ReactToastify.css";
import { TOAST_MS } from "../../shared/constants.ts";

export { toast } from "react-toastify/unstyled";

/**
 * react-toastify names each toast's countdown bar "notification timer" and takes no name for it: the bars are
 * renamed as they appear. Answers a function that stops watching.
 */
function nameToastTimers(name: string): () => void {
  const region = document.querySelector("section.Toastify");
  if (!region) return () => {};
  const rename = () => {
    for (const bar of region.querySelectorAll('[role="progressbar"]')) {
      if (bar.getAttribute("aria-label") !== name) bar.setAttribute("aria-label", name);
    }
  };
  const observer = new MutationObserver(rename);
  observer.observe(region, { childList: true, subtree: true, attributeFilter: ["aria-label"] });
  rename();
  return () => observer.disconnect();
}

/** react-toastify's region and close buttons, named in the language chosen (its own names are English). */
export function Toasts() {
  const { t } = useLingui();
  const timerName = t`notification timer`;
  useEffect(() => nameToastTimers(timerName), [timerName]);
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_MS}
      newestOnTop
      theme="colored"
      aria-label={t`Notifications Alt+T`}
      closeButton={({ closeToast, theme }) => (
        // NOTE: react-toastify's own button, markup and classes, with a translated name (it cannot take one).
        <button
          type="button"
          className={`Toastify__close-button Toastify__close-button--${theme}`}
          aria-label={t`close`}
          onClick={(event) => {
            event.stopPropagation();
            closeToast(true);
          }}
        >
          <svg aria-hidden="true" viewBox="0 0 14 16">
            <path
              fillRule="evenodd"
              d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
            />
          </svg>
        </button>
      )}
    />
  );
}
