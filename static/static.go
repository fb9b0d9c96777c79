// Package static holds the files served under /static/: vendored htmx
// 2.0.11 and htmx-ext-ws 2.0.4 (from the npm registry, unmodified), the
// stylesheet and the one small script of our own. They are embedded in
// the binary.
package static

import "embed"

// Files are the static files.
//
//go:embed vendor/*.js app.css app.js ring.css favicon.svg favicon-turn.svg
var Files embed.FS
