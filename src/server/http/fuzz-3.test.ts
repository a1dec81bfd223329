import { fuzzRoutes } from "./fuzz-routes.ts";

// A quarter of the API routes; fuzz-routes.ts says what is fuzzed and why the routes are shared between files.
fuzzRoutes(3, 4);
