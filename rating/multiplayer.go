package rating

// Placed is one seat of a finished game: the rating of whoever sat there
// when the game started, their final place, and whether a bot sat there.
//
// Place is the finishing position, smaller is better (1 is first); only
// the order of places matters, and equal places are a tie.
type Placed struct {
	Rating Rating
	Place  int
	Bot    bool
}

// RateGame rates one finished game. The game is one rating period for the
// people at it: each person gets one [Result] against every other person,
// a [Win] over each person placed after them, a [Loss] to each placed
// before them and a [Draw] with each placed equal, all against the
// opponents' ratings from before the game, and is updated with [Update].
//
// Bots are not rated and do not count: a person's results are only
// against the other people, so places among people are what is rated (a
// bot finishing between two people changes nothing).
//
// The returned slice has one entry per seat, in the order given: a
// person's new rating, or, for a bot, its Rating exactly as passed in.
// With fewer than two people the game rates nothing: every entry is the
// Rating as passed in (a person alone with bots is not given [Idle]
// either; the game was no rating period for them). A nil or empty seats
// gives an empty slice.
func RateGame(seats []Placed) []Rating {
	out := make([]Rating, len(seats))
	people := 0
	for i, s := range seats {
		out[i] = s.Rating
		if !s.Bot {
			people++
		}
	}
	if people < 2 {
		return out
	}
	results := make([]Result, 0, people-1)
	for i, s := range seats {
		if s.Bot {
			continue
		}
		results = results[:0]
		for j, o := range seats {
			if j == i || o.Bot {
				continue
			}
			results = append(results, Result{Opponent: o.Rating, Score: score(s.Place, o.Place)})
		}
		out[i] = Update(s.Rating, results)
	}
	return out
}

// score is the pairwise result of a player placed p against one placed q.
func score(p, q int) float64 {
	switch {
	case p < q:
		return Win
	case p > q:
		return Loss
	default:
		return Draw
	}
}
