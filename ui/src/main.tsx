import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppShell } from "./components/AppShell.tsx";
import { SessionProvider } from "./hooks/session.tsx";
import { ToastProvider } from "./hooks/toast.tsx";
import { AppRoutes } from "./routes.tsx";
import "./styles/index.css";
import "./styles/admin.css";

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");

createRoot(root).render(
  <StrictMode>
    <ToastProvider>
      <SessionProvider>
        <AppShell>
          <AppRoutes />
        </AppShell>
      </SessionProvider>
    </ToastProvider>
  </StrictMode>,
);
