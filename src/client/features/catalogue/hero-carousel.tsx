import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from "../../components/icons.tsx";

export const HERO_INTERVAL_MS = 2000;

interface Slide {
  eyebrow: MessageDescriptor;
  title: MessageDescriptor;
  text: MessageDescriptor;
  tone: string;
  art: ReactNode;
}

const slides: readonly [Slide, ...Slide[]] = [
  {
    eyebrow: msg`Fresh from the farm`,
    title: msg`Farm-fresh produce, delivered to your door`,
    text: msg`Vegetables, fruits, dairy and grains, picked by the farmers who grow them.`,
    tone: "from-brand-900 via-brand-800 to-emerald-700",
    art: <BasketArt />,
  },
  {
    eyebrow: msg`For farmers`,
    title: msg`Sell your harvest directly to shoppers`,
    text: msg`List your produce in a minute, set your own price and reach buyers near you.`,
    tone: "from-amber-900 via-orange-800 to-amber-700",
    art: <FieldArt />,
  },
];

const reducedMotionQuery = () =>
  typeof window.matchMedia === "function" ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

function subscribeToReducedMotion(onChange: () => void): () => void {
  const query = reducedMotionQuery();
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
}

/** NOTE: the server cannot know; it draws the first slide, which the browser keeps either way (decision 037). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => reducedMotionQuery()?.matches ?? false,
    () => false,
  );
}

/**
 * The hero: two slides rotating every 2 s (product rules §9). Rotation stops while the pointer is over it, while
 * it holds keyboard focus, under prefers-reduced-motion, and when the shopper presses Pause (WCAG 2.2.2).
 */
export function HeroCarousel() {
  const { t, i18n } = useLingui();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = !hovered && !focused && !stopped && !reducedMotion;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % slides.length), HERO_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [rotating]);

  const show = (next: number) => setIndex((next + slides.length) % slides.length);

  return (
    <section
      aria-roledescription={t`carousel`}
      aria-label={t`Highlights`}
      className={`overflow-hidden rounded-3xl bg-gradient-to-br text-white shadow-lg transition-colors ${(slides[index] ?? slides[0]).tone}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {/* NOTE: every slide sits in the same grid cell, so the hero keeps the tallest slide's height and the page never jumps. */}
      <div aria-live={rotating ? "off" : "polite"} className="grid">
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern names each slide as a group, and a fieldset is for form controls.
          <div
            key={slide.title.id}
            role="group"
            aria-roledescription={t`slide`}
            aria-label={t`${i + 1} of ${slides.length}`}
            aria-hidden={i !== index}
            className={`[grid-area:1/1] ${i === index ? "" : "invisible"}`}
          >
            <div className="grid min-h-[16rem] items-center gap-6 px-6 pt-10 sm:px-12 md:grid-cols-[3fr_2fr]">
              <div>
                <p className="text-sm font-semibold uppercase tracking-widest text-white/90">
                  {i18n._(slide.eyebrow)}
                </p>
                <h2 className="mt-3 text-3xl font-extrabold leading-tight sm:text-4xl lg:text-5xl">
                  {i18n._(slide.title)}
                </h2>
                <p className="mt-4 max-w-xl text-lg text-white/90">{i18n._(slide.text)}</p>
              </div>
              <div className="hidden justify-center md:flex">{slide.art}</div>
            </div>
          </div>
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-4 px-6 pb-8 pt-8 sm:px-12">
        <div className="flex flex-wrap gap-3">
          {/* NOTE: the product rules send it to the add-product screen, written in lower case (§2); route
              matching is case-insensitive. The header's Farmer Portal link goes to /farmer. */}
          <Link
            to="/addproduct"
            className="rounded-xl bg-white px-5 py-3 font-semibold text-brand-900 shadow hover:bg-brand-50"
          >
            <Trans>Farmer Portal</Trans>
          </Link>
          <Link
            to="/shop"
            className="rounded-xl bg-amber-400 px-5 py-3 font-semibold text-stone-900 shadow hover:bg-amber-300"
          >
            <Trans>Shop Now</Trans>
          </Link>
        </div>
        <div className="flex items-center gap-0.5 rounded-full bg-black/30 p-1">
          <button
            type="button"
            aria-label={t`Previous slide`}
            onClick={() => show(index - 1)}
            className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-white/20"
          >
            <ChevronLeftIcon />
          </button>
          {slides.map((slide, i) => (
            <button
              key={slide.title.id}
              type="button"
              aria-label={t`Show slide ${i + 1}`}
              aria-current={i === index ? "true" : undefined}
              onClick={() => show(i)}
              className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-white/20"
            >
              <span
                className={`block h-2.5 rounded-full bg-white ${i === index ? "w-6" : "w-2.5 opacity-60"}`}
              />
            </button>
          ))}
          <button
            type="button"
            aria-label={t`Next slide`}
            onClick={() => show(index + 1)}
            className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-white/20"
          >
            <ChevronRightIcon />
          </button>
          <button
            type="button"
            aria-label={stopped ? t`Play slides` : t`Pause slides`}
            onClick={() => setStopped(!stopped)}
            className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-white/20"
          >
            {stopped ? <PlayIcon /> : <PauseIcon />}
          </button>
        </div>
      </div>
    </section>
  );
}

function BasketArt() {
  return (
    <svg viewBox="0 0 240 200" className="h-56 w-auto" aria-hidden="true" focusable="false">
      <ellipse cx="120" cy="182" rx="96" ry="10" fill="#000" opacity="0.15" />
      <circle cx="78" cy="86" r="34" fill="#ef4444" />
      <path d="M78 52c2-10 10-14 18-12-3 8-9 12-18 12z" fill="#65a30d" />
      <circle cx="150" cy="80" r="30" fill="#f59e0b" />
      <circle cx="114" cy="64" r="26" fill="#a3e635" />
      <path d="M176 62 206 30" stroke="#ea580c" strokeWidth="14" strokeLinecap="round" />
      <path d="M204 32c6-8 14-8 18-4M206 30c2-10 8-14 14-14" stroke="#16a34a" strokeWidth="4" fill="none" />
      <path d="M30 100h180l-18 78H48z" fill="#92400e" />
      <path d="M30 100h180" stroke="#78350f" strokeWidth="8" strokeLinecap="round" />
      <path d="M62 116v48M94 116v48M126 116v48M158 116v48M186 116l-4 48" stroke="#78350f" strokeWidth="4" />
    </svg>
  );
}

function FieldArt() {
  return (
    <svg viewBox="0 0 240 200" className="h-56 w-auto" aria-hidden="true" focusable="false">
      <circle cx="180" cy="48" r="26" fill="#fde047" />
      <path d="M0 140c60-30 120-30 240 0v60H0z" fill="#65a30d" />
      <path d="M0 160c80-24 160-24 240 0v40H0z" fill="#3f6212" />
      <g stroke="#fef3c7" strokeWidth="3" strokeLinecap="round">
        <path d="M40 150v-40M60 146v-46M80 142v-40M100 140v-44M120 140v-40" />
      </g>
      <g fill="#fbbf24">
        <ellipse cx="40" cy="106" rx="5" ry="10" />
        <ellipse cx="60" cy="96" rx="5" ry="10" />
        <ellipse cx="80" cy="98" rx="5" ry="10" />
        <ellipse cx="100" cy="92" rx="5" ry="10" />
        <ellipse cx="120" cy="96" rx="5" ry="10" />
      </g>
      <path d="M160 150h50v-30l-25-18-25 18z" fill="#b91c1c" />
      <path d="M178 150v-16h14v16" fill="#fef3c7" />
    </svg>
  );
}
