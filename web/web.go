// Package web holds the reference web client's built assets (web/dist,
// built by `make web` from web/src) so that the dev stack serves them with
// nothing but Go: `make run` embeds the committed build.
package web

import (
	"embed"
	"io/fs"
	"net/http"
	"strings"
)

//go:embed all:dist
var dist embed.FS

// Assets is the built client: index.html at its root, hashed bundles under
// assets/.
func Assets() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		// dist is embedded at build time: a missing folder fails the build,
		// so Sub cannot fail at run time.
		panic(err)
	}
	return sub
}

// Handler serves the built client in assets (Assets(), or a folder a
// developer rebuilds with `vite build --watch`): the hashed bundles with a year's caching (a
// new build has new names), everything else with no caching, and any path
// that is not a file as index.html (the client routes by location hash,
// so only / is needed; a deep link still loads the page).
func Handler(assets fs.FS) http.Handler {
	files := http.FileServerFS(assets)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			// Not a page: an unknown API path, say. Say so plainly.
			http.NotFound(w, r)
			return
		}
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name == "" {
			name = "index.html"
		}
		if _, err := fs.Stat(assets, name); err != nil {
			r = r.Clone(r.Context())
			r.URL.Path = "/"
			name = "index.html"
		}
		if strings.HasPrefix(name, "assets/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'")
		files.ServeHTTP(w, r)
	})
}
