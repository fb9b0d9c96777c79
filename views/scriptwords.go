package views

import (
	"context"
	"encoding/json"
	"io"
	"sync"

	"github.com/a-h/templ"
	"github.com/tablegames/tables/i18n"
)

// scriptKeys are the catalog's keys static/app.js writes into a page
// (its tr("key", args)): every page gives them to it in the reader's
// language (scriptWords). passkeyKeys are those of the passkeys'
// controls, given only to the pages that have them (Page.Passkeys).
var (
	scriptKeys = []string{
		"game.your_turn", "layout.conn.connecting", "layout.conn.title",
		"script.conn.closed", "script.conn.connected", "script.conn.offline", "script.conn.reconnecting",
		"script.copied", "script.gift.first", "script.gift.given", "script.replay.pause", "script.replay.play",
		"script.seconds", "script.turn_title", "script.unread",
	}
	passkeyKeys = []string{
		"script.passkey.back", "script.passkey.cancelled", "script.passkey.exists", "script.passkey.failed",
		"script.passkey.failed_status", "script.passkey.insecure", "script.passkey.not_allowed",
		"script.passkey.tables", "script.passkey.waiting", "script.passkey.welcome", "script.passkey.welcome_back",
		"script.passkey.welcome_none",
	}
)

// scriptWords is the page's words for its script: a JSON block (not run,
// so the Content-Security-Policy has nothing to say) of each key's text,
// or its plural forms by CLDR name, placeholders as the catalog writes
// them. Made once per language.
func scriptWords(passkeys bool) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		_, err := io.WriteString(w, wordsBlock(i18n.From(ctx), passkeys))
		return err
	})
}

type wordsFor struct {
	lang     *i18n.Lang
	passkeys bool
}

var wordsBlocks sync.Map // wordsFor → string

func wordsBlock(l *i18n.Lang, passkeys bool) string {
	if b, ok := wordsBlocks.Load(wordsFor{l, passkeys}); ok {
		return b.(string)
	}
	keys := scriptKeys
	if passkeys {
		keys = append(append([]string(nil), keys...), passkeyKeys...)
	}
	words := make(map[string]any, len(keys))
	for _, k := range keys {
		texts := l.Texts(k)
		if len(texts) == 1 {
			words[k] = texts["other"]
		} else {
			words[k] = texts
		}
	}
	// json escapes <, > and & in strings: nothing in it can end the block
	b, _ := json.Marshal(words)
	block := `<script type="application/json" id="words">` + string(b) + `</script>`
	wordsBlocks.Store(wordsFor{l, passkeys}, block)
	return block
}
