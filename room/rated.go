package room

import (
	"context"
	"slices"
)

// A rated game is one its rated people really played (issue 40,
// docs/RATINGS.md): a public table's finished game rates a person only
// when
//   - they made at least minOwnMoves of its moves themselves,
//   - the moves made for them (their clock's, or a bot's while they were
//     away) are at most one in four of their seat's (own ≥ 3 × helped),
//   - they are not away when it ends, and
//   - no other person rated in it came from an address of theirs: two
//     seats of one address are neither rated.
// Everyone's result is recorded all the same; the people left unrated
// play the game as bots do for the ratings (not counted), and fewer than
// two rated people rate nobody.

// minOwnMoves is the fewest moves of a game a person must make to be
// rated in it.
const minOwnMoves = 3

// play is a seat's moves in a game: its person's own, and those made
// for them.
type play struct {
	Own    int `json:"own,omitempty"`
	Helped int `json:"helped,omitempty"`
}

// counted counts a move made for the seat, by who made it.
func (s *seat) counted(by string) {
	if !s.person() {
		return
	}
	if by == byPlayer {
		s.Own++
	} else {
		s.Helped++
	}
}

// keepPlays keeps the seats' moves of the game that just ended
// (Table.Played) and starts counting the next game's.
func (t *Table) keepPlays() {
	t.Played = make([]play, len(t.Seats))
	for i := range t.Seats {
		t.Played[i] = play{Own: t.Seats[i].Own, Helped: t.Seats[i].Helped}
		t.Seats[i].Own, t.Seats[i].Helped = 0, 0
	}
}

// playedEnough reports whether the person at seat i really played the
// game that just ended (the first three rules above).
func (t *Table) playedEnough(i int) bool {
	if i >= len(t.Played) || i >= len(t.Seats) || t.Seats[i].Away {
		return false
	}
	p := t.Played[i]
	return p.Own >= minOwnMoves && p.Own >= 3*p.Helped
}

// addrKey is the context key of the address a command came from.
type addrKey struct{}

// WithAddr is ctx carrying the client's address: the room notes it for
// the player whose command (a join, a lobby or seat request, a move) it
// carries, to
// tell two seats of one address apart (rated.go). Addresses stay in
// memory, never in the table's log.
func WithAddr(ctx context.Context, addr string) context.Context {
	return context.WithValue(ctx, addrKey{}, addr)
}

func addrOf(ctx context.Context) string {
	a, _ := ctx.Value(addrKey{}).(string)
	return a
}

// noteAddr notes that player sent a command from addr.
func (r *Room) noteAddr(player, addr string) {
	if player == "" || addr == "" {
		return
	}
	if r.addrs == nil {
		r.addrs = map[string][]string{}
	}
	if !slices.Contains(r.addrs[player], addr) && len(r.addrs[player]) < 16 {
		r.addrs[player] = append(r.addrs[player], addr)
	}
}

// sharesAddr reports whether two players sent commands from one address.
func (r *Room) sharesAddr(a, b string) bool {
	for _, x := range r.addrs[a] {
		if slices.Contains(r.addrs[b], x) {
			return true
		}
	}
	return false
}
