# The reference web client (web/): TypeScript over Connect-Web, built with
# Vite. Its build (web/dist) and its generated code (web/src/gen) are
# committed, so `make run` needs only Go; these targets need Node.js and npm
# (and, for the browser tests, Debian's chromium package).
.PHONY: web web-deps web-generate web-check web-test web-screenshots web-chromium

WEB_NODE := web/node_modules/.package-lock.json

# npm ci installs exactly web/package-lock.json: protoc-gen-es (the buf
# plugin), TypeScript, Vite and playwright-core — no browser download.
$(WEB_NODE): web/package.json web/package-lock.json
	cd web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
	@touch $@
web-deps: $(WEB_NODE)

## web-generate: web/src/gen from proto/ (protoc-gen-es, local plugin).
web-generate: $(BIN)/buf $(WEB_NODE)
	rm -rf web/src/gen
	$(BIN)/buf generate --template buf.gen.web.yaml

## web: regenerate and rebuild the client into web/dist (committed).
web: web-generate
	cd web && npm run build

## web-check: the committed web/src/gen and web/dist are what a fresh
## build makes (as lint does for gen/).
web-check: web
	@if ! git diff --quiet -- web/src/gen web/dist || [ -n "$$(git ls-files --others --exclude-standard web/src/gen web/dist)" ]; then \
	  echo "web/src/gen or web/dist differ from a fresh build: run make web and commit"; git status --short web/src/gen web/dist; exit 1; fi
	@echo "web: the committed build matches a fresh one"

# Debian's Chromium for the browser tests; never a downloaded browser.
web-chromium:
	@command -v chromium >/dev/null || { echo "installing Debian's chromium"; apt-get install -y --no-install-recommends chromium >/dev/null; }

## web-test: the client's unit tests (catalogues, fairness proof) and the
## browser tests: Playwright drives headless Chromium against dev stacks
## of the committed build.
web-test: $(WEB_NODE) web-chromium
	cd web && npm run test:unit
	go build -o $(BIN)/devstack ./tools/devstack
	cd web && CROUPIER_DEVSTACK=$(BIN)/devstack npm run test:e2e

## web-screenshots: docs/screenshots/*.png of every page at desktop and
## phone width, taken by the browser tests.
web-screenshots: $(WEB_NODE) web-chromium
	go build -o $(BIN)/devstack ./tools/devstack
	cd web && CROUPIER_DEVSTACK=$(BIN)/devstack CROUPIER_SCREENSHOTS=$(CURDIR)/docs/screenshots npm run test:e2e
