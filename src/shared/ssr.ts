/**
 * What the server and the client's render entry (src/client/entry-server.tsx, built by `vite build --ssr` into
 * dist/ssr) agree on when the server draws a first screen (decision 037).
 */

/** How the entry reaches the API: the server answers from the app itself, with the visitor's cookie. */
export type ServerApi = (path: string, init: RequestInit) => Promise<Response>;

export interface RenderRequest {
  /** The page's path and query string. */
  url: string;
  acceptLanguage: string | undefined;
  /** The `language` cookie: the choice this browser made while signed out (the client writes it). */
  languageCookie: string | undefined;
}

export type RenderResult =
  /** A route guard's answer: signed out on a signed-in page, signed in on /login. */
  | { kind: "redirect"; location: string }
  /** A page the client draws itself (index.html as it is built). */
  | { kind: "shell" }
  | {
      kind: "page";
      language: string;
      signedIn: boolean;
      /** The markup inside #root. */
      html: string;
      /** The query cache and router state, JSON with `<` escaped, for the SSR_STATE_ID script. */
      state: string;
      /**
       * The modules of the screens drawn (their routes' `handle.module`) and of the catalogues of the texts they
       * show (decision 070), whose chunks the page preloads.
       */
      modules: string[];
    };

export interface RenderEntry {
  /** Called once at start: every request of the entry goes through `api`, which knows the current page's visitor. */
  setApiTransport(api: ServerApi): void;
  render(request: RenderRequest): Promise<RenderResult>;
}

/** The id of the `<script type="application/json">` holding a rendered page's state. */
export const SSR_STATE_ID = "ssr-state";

/**
 * The id of the `<script type="application/json">` holding the answers a browser may keep (GET, 200, not
 * `no-store`: the catalogue's) that a rendered page was drawn from, as `[{ url, body }]`.
 */
export const SSR_ANSWERS_ID = "ssr-answers";

/**
 * The id of the `<script type="application/json">` naming the chunks a rendered page's screens need besides
 * the entry: the boot script preloads them once the page has been painted (decision 044).
 */
export const SSR_SCRIPTS_ID = "ssr-scripts";

/** The cookie mirroring the signed-out choice of language kept in localStorage, so the server can render in it. */
export const LANGUAGE_COOKIE = "language";

/**
 * The one inline script of a server-rendered page (the CSP allows it by its hash), run before the page shows.
 * What a shopper does first (Add to Cart, Like, the shop's category and sort, links) is answered from the page
 * by the boot entry (src/client/boot.ts, decision 056), which the page asks for next and which hears a tap
 * before this script does; this script holds what it leaves, and everything tapped before it has arrived:
 * - a tap on a button, a check box or an in-app link, or a form submitted, before the app has taken over the
 *   page is held (a form never posts its password in a URL) and done again once the app is running
 *   (`window.__vcHydrated`); a choice made in a list (a select) is done again with the value chosen, since the
 *   app puts back the value it drew (the shop's sort chosen early was lost),
 *   so nobody's first tap is lost on a slow phone and a link opens as it would in the running app (its scroll
 *   kept for Back); a link the app has not taken over within 4 s opens as a plain link;
 * - signed out, a language chosen in this browser that the server did not know of (stored before the cookie
 *   existed) hides the page until the app has drawn it in that language, so another language never flashes;
 * - the chunks the page names (SSR_SCRIPTS_ID) are preloaded once the page has been painted (the frame after
 *   the document is parsed; at once in a hidden tab), while the entry, which the head asks for at once, still
 *   comes over the link: they arrive before it has run, and nothing the paint waits for shares the link with
 *   them (decision 044).
 */
export const BOOT_SCRIPT = `(function(){
var d=document,h=d.documentElement,q=[];
function held(t){q.indexOf(t)<0&&q.push(t)}
function c(e){
var t=e.target&&e.target.closest&&e.target.closest("button,input[type=submit],input[type=checkbox],input[type=radio],a[href]");
if(!t||e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;
if(t.tagName==="A"){if(t.target||t.hasAttribute("download")||t.origin!==location.origin)return;
setTimeout(function(){if(window.__vcHydrated)location.href=t.href},4000)}
e.preventDefault();e.stopPropagation();held(t)}
function s(e){e.preventDefault();e.stopPropagation();held(e.target)}
function v(e){var t=e.target;if(t&&t.tagName==="SELECT"){e.stopPropagation();t.__vcValue=t.value;held(t)}}
d.addEventListener("click",c,true);d.addEventListener("submit",s,true);d.addEventListener("change",v,true);
window.__vcHydrated=function(){d.removeEventListener("click",c,true);d.removeEventListener("submit",s,true);
d.removeEventListener("change",v,true);window.__vcHydrated=void 0;q.forEach(function(t){if(!t.isConnected)return;
if(t.tagName==="FORM")t.requestSubmit();else if(t.tagName==="SELECT"){t.value=t.__vcValue;
t.dispatchEvent(new Event("change",{bubbles:true}))}else t.click()})};
var go=function(){go=function(){};var a=d.getElementById("${SSR_SCRIPTS_ID}");if(!a)return;
JSON.parse(a.textContent).forEach(function(u){var e=d.createElement("link");e.rel="modulepreload";e.href=u;
e.crossOrigin="";d.head.appendChild(e)})};
d.addEventListener("DOMContentLoaded",function(){if(d.visibilityState==="hidden")go();
else requestAnimationFrame(function(){setTimeout(function(){go()},0)})});
try{var l=localStorage.getItem("language");if(h.getAttribute("data-ssr")==="signed-out"&&l&&l!==h.lang)h.style.visibility="hidden"}catch(e){}
})();`;
