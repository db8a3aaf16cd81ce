import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ["source"] },
  server: { proxy: { "/v1": "http://localhost:3000", "/media": "http://localhost:3000", "/socket.io": { target: "ws://localhost:3000", ws: true } } },
  build: { outDir: "dist", sourcemap: true },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
  },
});
