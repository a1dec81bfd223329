import { screen } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, shellAnswers } from "../../test/api.ts";
import { expectNoEnglish } from "../../test/no-english.ts";
import { inLanguage, loadScreens, renderAt } from "../../test/render.tsx";

// The screens' code, loaded once before the tests, as the app loads it before its first render.
beforeAll(() => loadScreens("/about"));

// NOTE: the page asks nothing of its own; the signed-in header asks its count.
beforeEach(() => api.use(...shellAnswers));

const asha = { id: "u1", email: "asha@example.com", name: "Asha" };

describe("the about page in Hindi and Marathi", () => {
  it.each([
    ["hi", "Veggie Cart के बारे में", "दुकान देखें", ["हमसे क्यों खरीदें", "हम क्या बेचते हैं"]],
    ["mr", "Veggie Cart विषयी", "दुकान पाहा", ["आमच्याकडून का घ्यावे", "आम्ही काय विकतो"]],
  ] as const)("%s: says who we are with no English", async (language, heading, link, sections) => {
    await inLanguage(language);
    renderAt("/about", asha);
    const title = await screen.findByRole("heading", { level: 1, name: heading });
    expect(screen.getByRole("link", { name: link })).toHaveAttribute("href", "/shop");
    for (const name of sections) expect(screen.getByRole("heading", { level: 2, name })).toBeInTheDocument();
    // NOTE: the page's own texts; the feature and category tiles are shared components (src/client/components),
    // checked with those.
    expectNoEnglish(title.closest("section") as HTMLElement);
  });
});
