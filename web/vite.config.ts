import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

/** The API server during `npm run dev -w web` (started with `npm run dev` at the root). */
const server = "http://127.0.0.1:8000";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      "/api": server,
      "/media": server,
      "/healthz": server,
      "/sandbox": server,
    },
  },
  build: {
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/testing/setup.ts"],
    css: false,
  },
});
