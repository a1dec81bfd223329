export * from "./languages.ts";
export * from "./text.ts";
