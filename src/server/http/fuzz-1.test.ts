import { fuzzRoutes } from "../test/fuzz-routes.ts";

// A quarter of the API routes; src/server/test/fuzz-routes.ts says what is fuzzed and why the routes are shared between files.
fuzzRoutes(1, 4);
