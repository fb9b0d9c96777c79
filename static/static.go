// Package static holds the files served under /static/: vendored htmx
// 2.0.11 and htmx-ext-ws 2.0.4 (from the npm registry, unmodified), the
// stylesheet and the one small script of our own. They are embedded in
// the binary.
//
// Each file is also served under a name that carries a hash of its bytes
// (app.css as app.3f9a1c2b.css), computed once per process from the
// embedded bytes: a page links that name (Path), so a browser may keep
// the file for a year and still never use a stale one after a deploy.
// Each is gzipped once too, for the browsers that take it.
package static

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"path"
	"strings"
	"sync"
)

// Files are the static files.
//
//go:embed vendor/*.js app.css app.js push.js sw.js ring.css favicon.svg favicon-turn.svg
var Files embed.FS

// An Asset is one static file, ready to serve.
type Asset struct {
	// Name is its path under /static/ (vendor/htmx-2.0.11.min.js);
	// Hashed the same with the first 8 hex digits of its SHA-256 before
	// the extension (vendor/htmx-2.0.11.min.1a2b3c4d.js).
	Name, Hashed string
	// Type is its Content-Type.
	Type string
	// Body is the file; Gzip the same gzipped, or nil when that is no
	// smaller.
	Body, Gzip []byte
	// ETag is a strong validator of the body (the hash, quoted).
	ETag string
}

// assets are every file by its name and by its hashed name, built on
// first use and never changed after.
var assets = sync.OnceValue(func() map[string]*Asset {
	m := map[string]*Asset{}
	fs.WalkDir(Files, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := Files.ReadFile(name)
		if err != nil {
			panic(err) // embedded: can't happen
		}
		sum := sha256.Sum256(body)
		hash := hex.EncodeToString(sum[:4])
		ext := path.Ext(name)
		a := &Asset{Name: name, Hashed: strings.TrimSuffix(name, ext) + "." + hash + ext, Body: body, ETag: `"` + hash + `"`}
		a.Type = mime.TypeByExtension(ext)
		switch ext { // the same on every machine, whatever its mime tables say
		case ".js":
			a.Type = "text/javascript; charset=utf-8"
		case ".css":
			a.Type = "text/css; charset=utf-8"
		case ".svg":
			a.Type = "image/svg+xml"
		}
		var gz bytes.Buffer
		w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		w.Write(body)
		w.Close()
		if gz.Len() < len(body) {
			a.Gzip = gz.Bytes()
		}
		m[a.Name], m[a.Hashed] = a, a
		return nil
	})
	return m
})

// Lookup finds the file a path under /static/ names: hashed tells
// whether the path carried its current hash (and may be kept for good).
func Lookup(name string) (a *Asset, hashed bool, ok bool) {
	a, ok = assets()[name]
	return a, ok && a.Hashed == name, ok
}

// Path is the URL of the static file name (app.css): its hashed name
// under /static/. It panics for a file that is not embedded, a mistake
// in a template.
func Path(name string) string {
	a, ok := assets()[name]
	if !ok || a.Name != name {
		panic("static: no file " + name)
	}
	return "/static/" + a.Hashed
}
