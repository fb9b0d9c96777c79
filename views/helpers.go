package views

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"time"

	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/static"
)

// asset is the URL of a static file (app.css): every page links the
// files through it, by their content-hashed names.
func asset(name string) string { return static.Path(name) }

func csrfHeader(token string) string {
	b, _ := json.Marshal(map[string]string{"X-CSRF-Token": token})
	return string(b)
}

// vals is an hx-vals attribute value: JSON, never "js:".
func vals(kv ...string) string {
	m := make(map[string]string, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// Vals is vals for a model built outside this package: what a button
// posts (hx-vals), from pairs of field and value.
func Vals(kv ...string) string { return vals(kv...) }

func itoa(n int) string { return strconv.Itoa(n) }

func mySeat(t Table) Seat {
	for _, s := range t.Lobby.Seats {
		if s.You {
			return s
		}
	}
	return Seat{}
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }

// Reactions are the quick chat reactions; one sent floats over the
// sender's seat.
var Reactions = []string{"👍", "gg", "😮", "😂", "🔥", "👏"}

// IsReaction reports a chat line that is a quick reaction.
func IsReaction(text string) bool {
	for _, r := range Reactions {
		if r == text {
			return true
		}
	}
	return false
}

func boolAttr(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// cls is a class name when on, else nothing.
func cls(on bool, name string) string {
	if on {
		return name
	}
	return ""
}

// CodeLabel writes a table code as people read it: a long (private) code
// in two halves, "KX7P-M4QA"; a short one as it is.
func CodeLabel(code string) string {
	if len(code) >= 8 {
		return code[:len(code)/2] + "-" + code[len(code)/2:]
	}
	return code
}

// joinWhen is key's sentence about taking a seat a bot holds, with when
// it changes hands: when is the table's unit ("hand", "deal": at the next
// one; key+".later" names it as When, a word seat.when.<unit>), or "" for
// at once (key itself).
func joinWhen(ctx context.Context, key, when string, args ...i18n.Arg) string {
	if when == "" {
		return trf(ctx, key, args...)
	}
	return trf(ctx, key+".later", append(args, i18n.K("When", "seat.when."+when))...)
}

// chatName is the name the viewer's chat lines go by: their seat's, or
// the one they chat under as a watcher.
func chatName(t Table) string {
	if t.You >= 0 {
		return t.YouName
	}
	return t.ChatName
}

// wsURL is the table page's websocket: with the page's token, its first
// push is only what changed since the page.
func wsURL(t Table) string {
	u := "/t/" + t.Code + "/ws"
	if t.PageToken != "" {
		u += "?page=" + url.QueryEscape(t.PageToken)
	}
	return u
}

// OptionsText writes a table's options in l, each after the last with
// the language's separator of options (list.options: "house rules,
// jokers wild · 4 seats · no clock").
func OptionsText(l *i18n.Lang, words []i18n.Msg) string {
	b := make([]byte, 0, 128)
	for i, m := range words {
		if i > 0 {
			b = append(b, l.T("list.options")...)
		}
		b = l.AppendMsg(b, m)
	}
	return string(b)
}

// publicLine is a public table's seats, state and age in the home page's
// list: "2 seats free of 4 · playing · opened 5 min ago".
func publicLine(ctx context.Context, t PublicTable, now time.Time) string {
	l := lang(ctx)
	state := "home.public.lobby"
	if t.Started {
		state = "home.public.playing"
	}
	line := l.F("home.public.free", i18n.Count(t.Free), i18n.N("Seats", t.Seats)) + " · " + l.T(state)
	if t.CreatedAt.IsZero() {
		return line
	}
	switch age := now.Sub(t.CreatedAt); {
	case age < time.Minute:
		return line + " · " + l.T("home.public.opened.now")
	case age < time.Hour:
		return line + " · " + l.F("home.public.opened.minutes", i18n.Count(int(age/time.Minute)))
	default:
		return line + " · " + l.F("home.public.opened.hours", i18n.Count(int(age/time.Hour)))
	}
}

// pick is a when the condition holds, else b.
func pick(cond bool, a, b string) string {
	if cond {
		return a
	}
	return b
}

// nameList is names as one list argument ("Ann, Bot 2 and Bob").
func nameList(arg string, names []string) i18n.Arg {
	items := make([]i18n.Arg, len(names))
	for i, n := range names {
		items[i] = i18n.S("", n)
	}
	return i18n.ListOf(arg, items...)
}
