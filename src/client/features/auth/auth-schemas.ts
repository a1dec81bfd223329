/**
 * The sign-in screens' schemas (and zod with them), fetched when first needed rather than with the first
 * screen: a server-drawn page shows and hydrates without them (decision 037). `main.tsx` asks for them once
 * the page runs, so a submit seldom waits.
 */
export const authSchemas = () => import("../../../shared/schemas/auth.ts");
