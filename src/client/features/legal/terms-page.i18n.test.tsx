import { screen } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, shellAnswers } from "../../test/api.ts";
import { expectNoEnglish } from "../../test/no-english.ts";
import { inLanguage, loadScreens, renderAt } from "../../test/render.tsx";

// The screens' code, loaded once before the tests, as the app loads it before its first render.
beforeAll(() => loadScreens("/privacy"));

// NOTE: the page asks nothing of its own; the signed-in header asks its count.
beforeEach(() => api.use(...shellAnswers));

const asha = { id: "u1", email: "asha@example.com", name: "Asha" };

describe("the terms and privacy in Hindi and Marathi", () => {
  it.each([
    ["hi", "शर्तें और गोपनीयता", "गोपनीयता नीति"],
    ["mr", "अटी आणि गोपनीयता", "गोपनीयता धोरण"],
  ] as const)("%s: states the rules with no English", async (language, heading, privacy) => {
    await inLanguage(language);
    renderAt("/privacy", asha);
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: privacy })).toBeInTheDocument();
    expectNoEnglish(screen.getByRole("main"), { allow: [asha.name] });
  });
});
