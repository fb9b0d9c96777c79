package views

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

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

func itoa(n int) string { return strconv.Itoa(n) }

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

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

// article is "an" before a vowel sound, else "a".
func article(word string) string {
	if word != "" && strings.ContainsRune("AEIOUaeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

// CodeLabel writes a table code as people read it: a long (private) code
// in two halves, "KX7P-M4QA"; a short one as it is.
func CodeLabel(code string) string {
	if len(code) >= 8 {
		return code[:len(code)/2] + "-" + code[len(code)/2:]
	}
	return code
}

// botSeats says how many seats bots hold: "a bot holds a seat", "bots
// hold 3 seats".
func botSeats(n int) string {
	if n == 1 {
		return "a bot holds a seat"
	}
	return "bots hold " + itoa(n) + " seats"
}

// outSeats words the seats of players out at a sit-and-go that a newcomer
// may take: "the seat of a player who is out is free".
func outSeats(n int) string {
	if n == 1 {
		return "the seat of a player who is out is free"
	}
	return "the seats of " + itoa(n) + " players who are out are free"
}

// seatWhen says when a seat a bot holds changes hands, after a sentence:
// " at the next hand", or nothing when it does at once.
func seatWhen(when string) string {
	if when == "" {
		return ""
	}
	return " " + when
}

// chatName is the name the viewer's chat lines go by: their seat's, or
// the one they chat under as a watcher.
func chatName(t Table) string {
	if t.You >= 0 {
		return t.YouName
	}
	return t.ChatName
}

// titleWord is a word with its first letter in capitals: "Deal".
func titleWord(w string) string {
	if w == "" {
		return w
	}
	return strings.ToUpper(w[:1]) + w[1:]
}

// finishedWords tells how many deals (games) a check covered: " over 2
// finished games", or "" when none has finished.
func finishedWords(v Verify) string {
	if v.Finished == 0 {
		return " so far"
	}
	return ", over " + plural(v.Finished, "finished "+v.What, "finished "+v.What+"s")
}

// seedWords says the seeds' deals were shuffled: "The finished deal was
// shuffled", "Each of the 3 finished hands was shuffled".
func seedWords(v Verify) string {
	if len(v.Deals) == 1 {
		return "The finished " + v.What + " was shuffled"
	}
	return "Each of the " + plural(len(v.Deals), "finished "+v.What, "finished "+v.What+"s") + " was shuffled"
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
