package room

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strconv"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
)

// FairRecord is a table's public record, enough for anyone to check its
// deals: the game, its options, the action log up to the end of the last
// finished deal (player ids replaced by pseudonyms; the entries hold the
// revealed seeds and every move), and the log lines everyone was shown up
// to there. Nothing in it is secret any more: the deals it covers are over.
type FairRecord struct {
	Code    string            `json:"code"`
	Kind    string            `json:"kind"`
	Options json.RawMessage   `json:"options"`
	Entries []json.RawMessage `json:"entries"`
	Log     []string          `json:"log"`
}

// DealCheck is one deal's commitment and revealed seed, and the game it
// dealt (its kind's name).
type DealCheck struct {
	Commitment string `json:"commitment"`
	Seed       string `json:"seed"`
	Kind       string `json:"kind,omitempty"`
}

// VerdictPart is what a verification found of one game played at the
// table (a table that changed game has several, in the order played):
// the game, what one seed deals in it and whether it deals by chance,
// its seeds checked and its deals (hands, games) over.
type VerdictPart struct {
	Kind     string
	What     string
	Seeded   bool
	Deals    int
	Finished int
}

// Verdict is what a verification found.
type Verdict struct {
	Deals []DealCheck
	Lines int // log lines reproduced
	// What one seed deals in this game ("deal", "hand", "game"), and
	// Seeded whether the game deals by chance at all (Lowest Unique does
	// not: every card is a player's choice).
	What   string
	Seeded bool
	// Finished counts the deals (hands, games) over in the record, as the
	// replays count them.
	Finished int
	// Parts are the games played at the table, each with its own count
	// (What, Seeded and Finished above are the first's).
	Parts []VerdictPart
}

// fairRecord builds a table's record from its log.
func fairRecord(ctx context.Context, d *db.DB, kinds map[string]*kind, code string) (FairRecord, error) {
	rec := FairRecord{Code: code}
	alias := map[string]string{}
	var lines []string
	cutEntries, cutLines := 0, 0
	err := walkLog(ctx, d, kinds, code, func(st logStep) error {
		if st.index == 0 {
			rec.Kind = st.kind.name
			rec.Options, _ = json.Marshal(st.opts)
		}
		lines = append(lines, publicLines(st.lines)...)
		en := st.entry
		if en.Player != "" {
			if alias[en.Player] == "" {
				alias[en.Player] = "player-" + strconv.Itoa(len(alias)+1)
			}
			en.Player = alias[en.Player]
		}
		data, _ := json.Marshal(en)
		rec.Entries = append(rec.Entries, data)
		// a cut after every entry that leaves nothing secret behind: no
		// seed chosen and unrevealed, no deal under way
		if t := st.t; t.Fair.Next == 0 && t.Fair.Current == 0 && (t.Match == nil || settled(t.kind, t.Match)) {
			cutEntries, cutLines = len(rec.Entries), len(lines)
		}
		return nil
	})
	if err != nil {
		return FairRecord{}, err
	}
	rec.Entries, rec.Log = rec.Entries[:cutEntries], lines[:cutLines]
	return rec, nil
}

// settled reports a match with no secret in play: its deal is over, or,
// for a game without seeds, the game itself (only its end hides nothing).
func settled(k *kind, m game.Match) bool {
	if k.fair != nil {
		return k.fair.over(m)
	}
	_, next := m.Continue(0)
	return m.Over() || len(m.Waiting()) == 0 && !next
}

// publicLines are the lines everyone was shown, in English: the record is
// the same whoever reads it, and its verifier writes the lines it
// reproduces in English too.
func publicLines(ls []logLine) []string {
	var out []string
	for _, l := range ls {
		if visible(l, game.Spectator) {
			out = append(out, l.text(i18n.English()))
		}
	}
	return out
}

var commitRe = regexp.MustCompile(`committed: SHA-256 ([0-9a-f]{64})`)

// ErrTampered is a record whose seeds, moves and log don't agree.
var ErrTampered = errors.New("the record does not verify")

// Tampered is why a record does not verify (errors.Is ErrTampered): Msg
// says it in a reader's language (the verify page); its Error is English,
// as the command-line verifier writes it.
type Tampered struct{ Msg i18n.Msg }

func (t *Tampered) Error() string { return ErrTampered.Error() + ": " + i18n.English().Msg(t.Msg) }

func (t *Tampered) Is(target error) bool { return target == ErrTampered }

// tampered is a Tampered with the catalog's key (verify.error.*).
func tampered(key string, args ...i18n.Arg) error { return &Tampered{i18n.M(key, args...)} }

// reason is an error inside a Tampered, as its argument Reason: a move's
// refusal in the reader's language, else the error's words.
func reason(err error) i18n.Arg {
	var ge *game.Error
	if errors.As(err, &ge) && !ge.Msg.IsZero() {
		return i18n.Nest("Reason", i18n.M("verify.error.refused", i18n.S("Code", ge.Code), i18n.Nest("Message", ge.Msg)))
	}
	return i18n.S("Reason", err.Error())
}

// Verify checks a table's record: each revealed seed hashes to the
// commitment the log showed before its deal, and re-running the game
// from the seeds and moves gives back every log line, cards and dice
// included. Any change to a seed, a move or a logged card makes it fail.
func Verify(rec FairRecord) (Verdict, error) {
	k, ok := kinds()[rec.Kind]
	if !ok {
		return Verdict{}, tampered("verify.error.game", i18n.S("Kind", strconv.Quote(rec.Kind)))
	}
	var o Options
	if err := json.Unmarshal(rec.Options, &o); err != nil {
		return Verdict{}, tampered("verify.error.options", reason(err))
	}
	t := newTable(k, o)
	v := Verdict{What: dealWord(k), Seeded: k.fair != nil}
	part := func(k *kind) {
		v.Parts = append(v.Parts, VerdictPart{Kind: k.name, What: dealWord(k), Seeded: k.fair != nil})
	}
	part(k)
	var got []string
	over := false // the deal of the last entry was over
	for i, data := range rec.Entries {
		var en entry
		if err := json.Unmarshal(data, &en); err != nil {
			return v, tampered("verify.error.entry", i18n.N("Entry", i+1), reason(err))
		}
		out, err := t.apply(en)
		if err != nil {
			return v, tampered("verify.error.apply", i18n.N("Entry", i+1), reason(err))
		}
		if en.T == eSwitch {
			part(t.kind)
			over = false
		}
		p := &v.Parts[len(v.Parts)-1]
		if now := t.Match != nil && settled(t.kind, t.Match); now != over {
			if over = now; now {
				p.Finished++
				if len(v.Parts) == 1 {
					v.Finished++
				}
			}
		}
		before := len(got)
		got = append(got, publicLines(out)...)
		if en.T == eCommit {
			// the line the table showed for this commitment
			for _, line := range rec.Log[min(before, len(rec.Log)):min(len(got), len(rec.Log))] {
				if m := commitRe.FindStringSubmatch(line); m != nil {
					if m[1] != seedHash(en.Seed) {
						return v, tampered("verify.error.seed", i18n.S("Seed", strconv.FormatUint(en.Seed, 16)), i18n.S("Commitment", m[1]))
					}
					v.Deals = append(v.Deals, DealCheck{Commitment: m[1], Seed: strconv.FormatUint(en.Seed, 16), Kind: t.kind.name})
					p.Deals++
				}
			}
		}
	}
	if len(got) != len(rec.Log) {
		return v, tampered("verify.error.lines", i18n.Nest("Got", i18n.M("verify.lines", i18n.Count(len(got)))), i18n.N("Want", len(rec.Log)))
	}
	for i := range got {
		if got[i] != rec.Log[i] {
			return v, tampered("verify.error.line", i18n.N("Line", i+1), i18n.S("Logged", strconv.Quote(rec.Log[i])), i18n.S("Replayed", strconv.Quote(got[i])))
		}
	}
	v.Lines = len(got)
	return v, nil
}

// GameTitle is the title of the game named kind, in l ("lowunique":
// "Lowest Unique"), or kind itself when no game has that name.
func GameTitle(l *i18n.Lang, kind string) string {
	if k, ok := kinds()[kind]; ok {
		return l.Msg(k.info.Title())
	}
	return kind
}

// HasHands reports whether a game keeps a hand history (Hold'em).
func HasHands(kind string) bool {
	k, ok := kinds()[kind]
	return ok && k.hands != nil
}

// fairWord is what one seed of the game deals, or "" for a game without
// seeds.
func fairWord(k *kind) string {
	if k.fair == nil {
		return ""
	}
	return k.fair.what
}
