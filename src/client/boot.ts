/**
 * The boot script of a server-drawn page (decision 056): a small entry of its own (`vite build --mode boot`),
 * loaded beside the page, that makes what a shopper does first work before the app has arrived: Add to Cart
 * (with the cart's own module: the same stored `cart`, the same toasts, the header's count), Like (the
 * likes' own module, and the account's list through the API when signed in), the shop's category and sort
 * (the shop's own address), and links (plain links: the server draws the next page). Anything else is held by
 * the inline boot script (src/shared/ssr.ts) and done again once the app runs. The app stops it just before
 * hydrating (`window.__vcBoot.stop`), so nothing is done twice: React draws from the same storage.
 */
import { TOAST_MS } from "../shared/constants.ts";
import { shopSearchOf } from "./features/catalogue/shop-address.ts";
import type { ProductSort, ShopFilters } from "./features/catalogue/shop-filters.tsx";
import { apiRequestInit } from "./lib/api-request-init.ts";
import { BOOT_TEXTS_ID, type BootTexts, cartTextsOf } from "./lib/boot-texts.ts";
import { addToCartSaying, cartBadgeText, cartCountOf, readCart } from "./lib/cart.ts";
import { readLikedProducts, toggleLike } from "./lib/likes.ts";

declare global {
  interface Window {
    /** Set by the page's inline boot script until the app has taken the page over. */
    __vcHydrated?: () => void;
    /** This script, while it answers for the page. */
    __vcBoot?: { stop: () => void; settled: () => Promise<void> };
  }
}

const d = document;
const html = d.documentElement;
/** Like requests sent before the app arrived: the app reads the account's likes once they are answered. */
const pending = new Set<Promise<void>>();
let texts: BootTexts | undefined;

const pageTexts = (): BootTexts | undefined => {
  if (texts) return texts;
  const script = d.getElementById(BOOT_TEXTS_ID);
  try {
    texts = script?.textContent ? (JSON.parse(script.textContent) as BootTexts) : undefined;
  } catch {
    texts = undefined;
  }
  return texts;
};

const toastClass = {
  success: "bg-[#15803d]",
  info: "bg-[#1d4ed8]",
  error: "bg-[#b91c1c]",
};

/**
 * A toast as the app's look it: top right below the header, for as long. In a `.Toastify` region with
 * `role="alert"`, as react-toastify's, so whoever reads the app's toasts reads these too.
 */
function toast(kind: keyof typeof toastClass, text: string): void {
  let region = d.getElementById("vc-boot-toasts");
  if (!region) {
    region = d.createElement("div");
    region.id = "vc-boot-toasts";
    region.className =
      "Toastify fixed right-4 left-4 z-[9999] flex flex-col gap-2 top-[calc(4.25rem+env(safe-area-inset-top))] sm:left-auto sm:w-80 sm:top-[calc(6.75rem+env(safe-area-inset-top))]";
    d.body.appendChild(region);
  }
  const item = d.createElement("div");
  item.setAttribute("role", "alert");
  item.className = `rounded-md px-4 py-3 font-sans text-white shadow-lg ${toastClass[kind]}`;
  item.textContent = text;
  region.prepend(item);
  setTimeout(() => item.remove(), TOAST_MS);
}

/** The header's cart badges, as the app draws them from the same cart. */
function showCartCount(): void {
  const count = cartCountOf(readCart());
  for (const badge of d.querySelectorAll<HTMLElement>("[data-cart-count]")) {
    badge.textContent = cartBadgeText(count);
    badge.hidden = count === 0;
  }
}

function showLiked(productId: string, liked: boolean): void {
  for (const button of d.querySelectorAll<HTMLElement>("[data-like]")) {
    if (button.dataset.like === productId) button.setAttribute("aria-pressed", String(liked));
  }
}

function like(productId: string): void {
  const liked = toggleLike(productId);
  showLiked(productId, liked);
  if (html.getAttribute("data-ssr") !== "signed-in") return;
  // NOTE: keepalive, so a link followed just after does not cancel it.
  const init = apiRequestInit({ method: liked ? "PUT" : "DELETE" }, html.lang);
  const sent = fetch(`/api/likes/${encodeURIComponent(productId)}`, { ...init, keepalive: true })
    .then(async (answer) => {
      if (answer.ok) return;
      // NOTE: only the code is read (the app's readApiError would bring every error code with it).
      const body = (await answer.json().catch(() => undefined)) as { error?: { code?: unknown } } | undefined;
      throw body?.error?.code ?? "not_saved";
    })
    .catch((code: unknown) => {
      // NOTE: as the app's like: shown at once, undone with a toast when the server refuses it.
      showLiked(productId, toggleLike(productId));
      const words = pageTexts();
      if (words) toast("error", code === "too_many_likes" ? words.likeTooMany : words.likeNotSaved);
    })
    .finally(() => pending.delete(sent));
  pending.add(sent);
}

function onClick(event: MouseEvent): void {
  if (event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = (event.target as Element | null)?.closest?.("[data-cart-product],[data-like],a[href]");
  if (!target) return;
  if (target.tagName === "A") {
    const link = target as HTMLAnchorElement;
    // NOTE: a plain link, followed by the browser (the inline script would hold it for the app).
    if (!link.target && !link.hasAttribute("download") && link.origin === location.origin) {
      event.stopPropagation();
    }
    return;
  }
  event.preventDefault();
  event.stopPropagation();
  if ((target as HTMLButtonElement).disabled) return;
  const productId = target.getAttribute("data-like");
  if (productId !== null) {
    like(productId);
    return;
  }
  const words = pageTexts();
  if (!words) return;
  try {
    const said = addToCartSaying(
      JSON.parse(target.getAttribute("data-cart-product") ?? ""),
      cartTextsOf(words),
    );
    showCartCount();
    toast(said.kind, said.text);
  } catch {
    // NOTE: a line the page cannot name is left to the app.
  }
}

/** The shop's category or sort chosen: its address, drawn by the server. */
function onChange(event: Event): void {
  const select = event.target as HTMLSelectElement | null;
  const filter = select?.getAttribute?.("data-shop-filter");
  if (!select || (filter !== "category" && filter !== "sort")) return;
  event.stopPropagation();
  const params = new URLSearchParams(location.search);
  const filters: ShopFilters = {
    q: params.get("q") ?? undefined,
    category: (params.get("category") ?? undefined) as ShopFilters["category"],
    sort: (params.get("sort") ?? "newest") as ProductSort,
    liked: params.get("liked") === "true" || undefined,
  };
  const next = { ...filters, [filter]: select.value || undefined } as ShopFilters;
  next.sort ??= "newest";
  const search = shopSearchOf(next).toString();
  location.assign(`${location.pathname}${search ? `?${search}` : ""}`);
}

// NOTE: only on a page the server drew and the app has not taken over yet; on the window, in the capture
// phase, so these are answered before the inline script (on the document) would hold them for the app.
if (window.__vcHydrated && !window.__vcBoot) {
  addEventListener("click", onClick, true);
  addEventListener("change", onChange, true);
  window.__vcBoot = {
    stop: () => {
      removeEventListener("click", onClick, true);
      removeEventListener("change", onChange, true);
    },
    settled: () => Promise.all(pending).then(() => undefined),
  };
  // NOTE: the server drew an empty cart and nothing liked (it cannot read this browser's storage); what is
  // stored shows as soon as the page is there, as the app will draw it.
  const showStored = () => {
    showCartCount();
    for (const id of readLikedProducts()) showLiked(id, true);
  };
  // NOTE: once the page is parsed ("interactive"), not at DOMContentLoaded, which waits for the app's entry.
  if (d.readyState === "loading") d.addEventListener("readystatechange", showStored, { once: true });
  else showStored();
}
