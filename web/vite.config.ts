import { defineConfig } from "vite";

// The build is committed (web/dist) and embedded in the dev stack, and CI
// rebuilds it to check the two match: keep the output reproducible.
export default defineConfig({
  base: "/",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
    reportCompressedSize: true,
  },
  server: {
    // `npm run dev` proxies the API to a running `make run`.
    proxy: { "/croupier.": "http://127.0.0.1:8080", "/dev/": "http://127.0.0.1:8080" },
  },
});
