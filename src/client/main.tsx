import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { createQueryClient, Providers } from "./app/providers.tsx";
import { routes } from "./app/routes.tsx";
import "./index.css";
import { registerServiceWorker } from "./lib/service-worker.ts";

const router = createBrowserRouter(routes);
const queryClient = createQueryClient();
registerServiceWorker();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
