package views

// HSeat is a seat at a Hold'em table as one viewer sees it.
type HSeat struct {
	Seat
	Stack, Bet     int
	Dealt, Folded  bool
	AllIn, SitOut  bool
	Button, SB, BB bool
	Turn           bool
	Hole           []CardView // the viewer's own cards, or cards shown at showdown
	Backs          int        // face-down cards of a hand still in play
	Won            int        // chips won at the last showdown
	HandName       string     // the hand shown at showdown
}

// HPot is a pot: in play, or paid at the end of a hand.
type HPot struct {
	Name     string // "Pot", "Main pot", "Side pot 1"
	Amount   int
	Eligible string // who can win it
	Winners  string // who won it (hand over)
	HandName string // with what ("" when uncontested)
}

// HStreet is one street of the hand's log.
type HStreet struct {
	Title string // "Preflop", "Flop 7♦ 3♠ 8♠"
	Lines []string
}

// HLedger is a seat's money at the table.
type HLedger struct {
	Name            string
	BoughtIn, Chips int
	Net             int
}

// HPast is a finished hand in the history list.
type HPast struct {
	Hand    int
	Summary string
	URL     string
}

// HQuick is a quick bet size.
type HQuick struct {
	Label  string
	Amount int
}

// Holdem is everything one viewer sees of a Hold'em table.
type Holdem struct {
	ActURL  string
	Version int
	You     int
	Hand    int
	Street  string
	Blinds  string
	Status  string
	Seats   []HSeat
	Board   []CardView
	Pots    []HPot // in play
	Results []HPot // paid, once the hand is over
	// The controls: exactly the viewer's legal actions.
	YourTurn   bool
	CanFold    bool
	CanCheck   bool
	CanCall    bool
	CallAmount int
	CallAllIn  bool
	CanRaise   bool
	RaiseWord  string // "Bet" or "Raise"
	MinTo      int
	MaxTo      int
	Quick      []HQuick
	Seated     bool
	SittingOut bool // the viewer sits out from the next hand
	Streets    []HStreet
	Ledger     []HLedger
	Past       []HPast
	HandsURL   string
	NextDealAt int64
}

// Fragments lists the Hold'em table's fragments in page order.
func (h Holdem) Fragments() []Fragment {
	out := []Fragment{
		{"h-status", holdemStatus(h), 0},
		{"h-board", holdemBoard(h), 0},
		{"h-controls", holdemControls(h), 0},
		{"h-streets", holdemStreets(h), 0},
		{"h-ledger", holdemLedger(h), 0},
		{"h-past", holdemPast(h), 0},
	}
	for _, s := range h.Seats {
		out = append(out, Fragment{"h-seat-" + itoa(s.Index), holdemSeat(s), 0})
	}
	return out
}

func signed(n int) string {
	if n > 0 {
		return "+" + itoa(n)
	}
	return itoa(n)
}

// HandText is one hand's history as a viewer may read it.
type HandText struct {
	Hand int
	Text string
}

// Hands is the hand-history page.
type Hands struct {
	Page
	Code     string
	Hands    []HandText
	Selected int
}

func ariaCurrent(on bool) string {
	if on {
		return "page"
	}
	return "false"
}

// botLabel names a bot kind for the seat badge.
func botLabel(kind string) string {
	switch kind {
	case "llm":
		return "AI (LLM)"
	case "heuristic":
		return "AI"
	}
	return "bot"
}
