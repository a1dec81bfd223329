import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ButtonHTMLAttributes, type FocusEvent, type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router";
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from "../../components/icons.tsx";
import { BasketArt, FieldArt } from "./hero-art.tsx";
import { usePrefersReducedMotion } from "./use-reduced-motion.ts";

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

/**
 * Which slide shows, turning every 2 s while nothing holds it: the pointer over the hero, keyboard focus in it,
 * prefers-reduced-motion, or the shopper's Pause (WCAG 2.2.2).
 */
function useRotation() {
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

  /** What holds the rotation while the pointer or the focus is in the hero. */
  const holdProps = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
  };
  const show = (next: number) => setIndex((next + slides.length) % slides.length);
  return { index, show, rotating, stopped, toggleStopped: () => setStopped(!stopped), holdProps };
}

type Rotation = ReturnType<typeof useRotation>;

/** Every slide, the one not shown hidden. */
function Slides({ index, rotating }: { index: number; rotating: boolean }) {
  const { t, i18n } = useLingui();
  return (
    // NOTE: every slide sits in the same grid cell, so the hero keeps the tallest slide's height and the page never jumps.
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
  );
}

/** One of the round buttons that move the slides. */
function RoundButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...props}
      className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-white/20"
    />
  );
}

/** Previous, a button per slide, Next, and Pause or Play. */
function SlideControls({ rotation }: { rotation: Rotation }) {
  const { t } = useLingui();
  const { index, show, stopped } = rotation;
  return (
    <div className="flex items-center gap-0.5 rounded-full bg-black/30 p-1">
      <RoundButton aria-label={t`Previous slide`} onClick={() => show(index - 1)}>
        <ChevronLeftIcon />
      </RoundButton>
      {slides.map((slide, i) => (
        <RoundButton
          key={slide.title.id}
          aria-label={t`Show slide ${i + 1}`}
          aria-current={i === index ? "true" : undefined}
          onClick={() => show(i)}
        >
          <span className={`block h-2.5 rounded-full bg-white ${i === index ? "w-6" : "w-2.5 opacity-60"}`} />
        </RoundButton>
      ))}
      <RoundButton aria-label={t`Next slide`} onClick={() => show(index + 1)}>
        <ChevronRightIcon />
      </RoundButton>
      <RoundButton aria-label={stopped ? t`Play slides` : t`Pause slides`} onClick={rotation.toggleStopped}>
        {stopped ? <PlayIcon /> : <PauseIcon />}
      </RoundButton>
    </div>
  );
}

/**
 * The hero: two slides rotating every 2 s (product rules §9). Rotation stops while the pointer is over it, while
 * it holds keyboard focus, under prefers-reduced-motion, and when the shopper presses Pause (WCAG 2.2.2).
 */
export function HeroCarousel() {
  const { t } = useLingui();
  const rotation = useRotation();
  return (
    <section
      aria-roledescription={t`carousel`}
      aria-label={t`Highlights`}
      className={`overflow-hidden rounded-3xl bg-gradient-to-br text-white shadow-lg transition-colors ${(slides[rotation.index] ?? slides[0]).tone}`}
      {...rotation.holdProps}
    >
      <Slides index={rotation.index} rotating={rotation.rotating} />
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
        <SlideControls rotation={rotation} />
      </div>
    </section>
  );
}
