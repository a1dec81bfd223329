import { useLingui } from "@lingui/react/macro";
import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { CloseIcon } from "./icons.tsx";

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra classes for the panel (its width). */
  className?: string;
}

/** Makes everything in the body but the dialog's overlay inert; returns what gives it back. */
function inertAllBut(overlay: Element): () => void {
  const hidden: Element[] = [];
  for (const sibling of Array.from(document.body.children)) {
    if (sibling !== overlay && !sibling.hasAttribute("inert") && !sibling.contains(overlay)) {
      sibling.setAttribute("inert", "");
      hidden.push(sibling);
    }
  }
  return () => {
    for (const element of hidden) element.removeAttribute("inert");
  };
}

/** Keeps Tab inside the panel: from its last control to its first, and Shift+Tab the other way. */
function keepTabInside(event: KeyboardEvent, panel: HTMLElement) {
  const focusable = Array.from(panel.querySelectorAll<HTMLElement>(focusableSelector));
  const firstItem = focusable[0];
  const lastItem = focusable.at(-1);
  if (!firstItem || !lastItem) {
    event.preventDefault();
    return;
  }
  if (event.shiftKey && (document.activeElement === firstItem || document.activeElement === panel)) {
    event.preventDefault();
    lastItem.focus();
  } else if (!event.shiftKey && document.activeElement === lastItem) {
    event.preventDefault();
    firstItem.focus();
  }
}

/**
 * While the dialog is open: the page behind inert, focus on its `data-autofocus` control (else the panel), Tab
 * kept inside, Escape closing it; on closing, focus back on whatever opened it.
 */
function useModalFocus(panelRef: RefObject<HTMLDivElement | null>, onClose: () => void) {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const overlay = panel?.parentElement;
    if (!panel || !overlay) return;
    const restore = inertAllBut(overlay);
    const first = panel.querySelector<HTMLElement>("[data-autofocus]") ?? panel;
    first.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key === "Tab") keepTabInside(event, panel);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      restore();
      opener?.focus();
    };
  }, [panelRef]);
}

/**
 * A modal dialog: the page behind is inert, Tab stays inside, Escape and the close button close it, and
 * focus returns to whatever opened it. Render it only while it is open.
 */
export function ModalDialog({ title, onClose, children, className = "max-w-lg" }: ModalDialogProps) {
  const { t } = useLingui();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useModalFocus(panelRef, onClose);

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-stone-900/60 p-4">
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        className="absolute inset-0 h-full w-full cursor-default"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative max-h-[90vh] w-full overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl ${className}`}
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold text-stone-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t`Close`}
            className="-mr-2 -mt-2 rounded-full p-2 text-stone-500 hover:bg-stone-100 hover:text-stone-800"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="mt-4">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
