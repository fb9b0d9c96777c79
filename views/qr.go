package views

import (
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/boombuler/barcode/qr"
)

// qrSVG draws text as a QR code (error correction M) in inline SVG: one
// path of dark modules with a four-module quiet zone, scaled by the page.
// The encoder is boombuler/barcode (docs/DEPENDENCIES.md says why); the
// drawing is ours, so the page needs no image and the CSP no new source.
func qrSVG(text, label string) templ.Component {
	code, err := qr.Encode(text, qr.M, qr.Auto)
	if err != nil {
		return templ.Raw("") // too long for a QR code: the link is beside it
	}
	n := code.Bounds().Dx()
	var d strings.Builder
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			if r, _, _, _ := code.At(x, y).RGBA(); r == 0 {
				d.WriteString("M" + strconv.Itoa(x+4) + " " + strconv.Itoa(y+4) + "h1v1h-1z")
			}
		}
	}
	size := strconv.Itoa(n + 8)
	return templ.Raw(`<svg class="qr" viewBox="0 0 ` + size + ` ` + size + `" role="img" aria-label="` + templ.EscapeString(label) +
		`" shape-rendering="crispEdges"><rect width="` + size + `" height="` + size + `" fill="#fff"></rect><path d="` + d.String() + `" fill="#000"></path></svg>`)
}
