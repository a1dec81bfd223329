import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { createQueryClient, Providers } from "./app/providers.tsx";
import { routes } from "./app/routes.tsx";
import "./index.css";
import { applyLanguage, initialLanguage } from "./lib/language.ts";
import { registerServiceWorker } from "./lib/service-worker.ts";

const router = createBrowserRouter(routes);
const queryClient = createQueryClient();
registerServiceWorker();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
// NOTE: a Hindi or Marathi reader's texts are fetched before the first paint, so English never flashes; if
// they cannot be fetched (offline on a first visit), the shop opens in English.
void applyLanguage(initialLanguage(), { remember: false })
  .catch(() => undefined)
  .finally(() =>
    createRoot(root).render(
      <StrictMode>
        <Providers client={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
