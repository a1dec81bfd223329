import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          include: ["src/server/**/*.test.ts", "src/shared/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: "client",
          include: ["src/client/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["src/client/test/setup.ts"],
          // NOTE: screens load their code lazily and tests type into whole forms; on a loaded 2-core machine
          // that passed 5 s (the default) now and then, as the server tests' budget already allows.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
