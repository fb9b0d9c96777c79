package views

// Evening is a table's evening so far: every deal, hand or game finished
// there, a row a person (bots marked), best first. One component shows it
// for every game: in the Tonight drawer, and at the end of a game under
// its final standings.
type Evening struct {
	// Counts say what finished tonight: "2 Lowest Unique games" (joined
	// by list.options).
	Counts []string
	// Placed: something finished ranked the players, so the Played, Wins
	// and Places columns mean something.
	Placed bool
	// Heads are the games' own figures' columns: "President", "Hold'em".
	Heads []string
	Rows  []EveningRow
}

// EveningRow is one person's evening.
type EveningRow struct {
	Name         string
	Bot, You     bool
	Played, Wins int
	Places       string          // "1st ×2 · 3rd"; "–" for none
	Figures      []EveningFigure // by Heads
}

// EveningFigure is one of a person's figures: "+3 pts · VP", "+240".
type EveningFigure struct {
	Text string
	Sign int // coloured up or down
}

// NextGamePick is the id of the host's next-game drawer's first line
// (NextGamePanel), where "Next game" beside Play again leads.
const NextGamePick = "next-game-pick"

// Again is a finished game's "Play again": the same people in the same
// seats at the same link start a new game once every person seated wants
// it (bots always do).
type Again struct {
	URL     string // the table's path: posts go to URL/seat, do=again
	Offered bool   // the viewer asked already
	Seated  bool   // the viewer has a seat (a watcher only reads Text)
	Text    string // who wants to and who is awaited: "Ann wants to play again; waiting for Bob."
	// Next: the viewer is the host, who may pick another game instead:
	// "Next game" beside Play again opens their drawer (#next-game).
	Next bool
}

func (e *Evening) key(k *keyer) {
	if e == nil {
		k.byte(0)
		return
	}
	k.num(int64(len(e.Counts)))
	for _, c := range e.Counts {
		k.str(c)
	}
	k.flag(e.Placed)
	k.num(int64(len(e.Heads)))
	for _, h := range e.Heads {
		k.str(h)
	}
	k.num(int64(len(e.Rows)))
	for _, r := range e.Rows {
		k.str(r.Name)
		k.flag(r.Bot)
		k.flag(r.You)
		k.num(int64(r.Played))
		k.num(int64(r.Wins))
		k.str(r.Places)
		for _, f := range r.Figures {
			k.str(f.Text)
			k.num(int64(f.Sign))
		}
	}
}

// EveningKey is the Tonight drawer's fragment key.
func EveningKey(e *Evening) uint64 {
	k := newKeyer()
	e.key(&k)
	return k.sum()
}

func (a *Again) key(k *keyer) {
	if a == nil {
		k.byte(0)
		return
	}
	k.byte(1)
	k.str(a.URL)
	k.flag(a.Offered)
	k.flag(a.Seated)
	k.str(a.Text)
	k.flag(a.Next)
}
