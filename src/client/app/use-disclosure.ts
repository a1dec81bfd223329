import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * A button that shows and hides a panel of links (the header's menus), with plain React: no menu library on
 * the header. Opening (click, Enter, Space or ArrowDown) puts focus on the panel's first link and the arrows
 * move between its links; Escape closes it and gives focus back to the button; a click outside, Tab out of
 * it or a new page closes it. Spread `buttonProps` on the button and `panelProps` on the panel, which
 * follows the button in the document so that Tab goes from one into the other.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const location = useLocation();

  // NOTE: a new page closes the menu (a link was followed, or Back was pressed).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const items = () => [...(panel.current?.querySelectorAll<HTMLElement>("a, button") ?? [])];
    items()[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
        return;
      }
      const step = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
      const list = items();
      const at = list.indexOf(document.activeElement as HTMLElement);
      if (step === 0 || (at < 0 && document.activeElement !== button.current)) return;
      event.preventDefault();
      const next = at < 0 ? (step > 0 ? 0 : list.length - 1) : (at + step + list.length) % list.length;
      list[next]?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    // NOTE: tabbing out of the open menu closes it, so it never covers the page behind a stray focus.
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !panel.current?.contains(next) && next !== button.current) setOpen(false);
    };
    const openPanel = panel.current;
    openPanel?.addEventListener("focusout", onFocusOut);
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      openPanel?.removeEventListener("focusout", onFocusOut);
    };
  }, [open]);

  return {
    open,
    close: () => setOpen(false),
    buttonProps: {
      ref: button,
      type: "button" as const,
      "aria-expanded": open,
      "aria-controls": panelId,
      onClick: () => setOpen((wasOpen) => !wasOpen),
      onKeyDown: (event: ReactKeyboardEvent) => {
        if (event.key !== "ArrowDown" || open) return;
        event.preventDefault();
        // NOTE: React runs the opening's effects before this event reaches the document, whose new listener
        // would otherwise take the same ArrowDown on to the second link.
        event.stopPropagation();
        setOpen(true);
      },
    },
    panelProps: { ref: panel, id: panelId, hidden: !open },
  };
}
