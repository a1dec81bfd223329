import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderScreen } from "../../test/render.tsx";
import { HERO_INTERVAL_MS, HeroCarousel } from "./hero-carousel.tsx";

const currentTitle = () => screen.getByRole("heading", { level: 2 }).textContent;

describe("hero carousel", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("rotates its two slides every 2 seconds", () => {
    renderScreen(<HeroCarousel />);
    const first = currentTitle();
    act(() => vi.advanceTimersByTime(HERO_INTERVAL_MS));
    const second = currentTitle();
    expect(second).not.toBe(first);
    act(() => vi.advanceTimersByTime(HERO_INTERVAL_MS));
    expect(currentTitle()).toBe(first);
  });

  it("holds still while hovered or focused, and when paused", () => {
    renderScreen(<HeroCarousel />);
    const region = screen.getByRole("region", { name: "Highlights" });
    const first = currentTitle();
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(HERO_INTERVAL_MS * 3));
    expect(currentTitle()).toBe(first);
    fireEvent.mouseLeave(region);

    act(() => screen.getByRole("link", { name: "Shop Now" }).focus());
    act(() => vi.advanceTimersByTime(HERO_INTERVAL_MS * 3));
    expect(currentTitle()).toBe(first);

    fireEvent.click(screen.getByRole("button", { name: "Pause slides" }));
    act(() => (document.activeElement as HTMLElement).blur());
    act(() => vi.advanceTimersByTime(HERO_INTERVAL_MS * 3));
    expect(currentTitle()).toBe(first);
    fireEvent.click(screen.getByRole("button", { name: "Show slide 2" }));
    expect(currentTitle()).not.toBe(first);
    // NOTE: the product rules send the hero's Farmer Portal to the add-product screen, in lower case (§2).
    expect(screen.getByRole("link", { name: "Farmer Portal" })).toHaveAttribute("href", "/addproduct");
  });
});
