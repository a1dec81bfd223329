/**
 * Loads the page again from the server. NOTE: one seam for the browser's reload, so tests can see it called;
 * `window.location` cannot be replaced where the test environment is a real window (Vitest's vmThreads pool).
 */
export const reloadPage = (): void => window.location.reload();
