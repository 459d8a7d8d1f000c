import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The UI is built into dist/ui and served by the Koa process (src/http/spa.ts).
// In development Vite serves the UI and proxies the API to the Koa server.
export default defineConfig({
  root: "ui",
  plugins: [react()],
  build: { outDir: "../dist/ui", emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: {
      "/api": `http://127.0.0.1:${process.env.API_PORT ?? 8080}`,
    },
  },
});
