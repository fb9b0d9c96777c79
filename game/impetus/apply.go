package impetus

import (
	"github.com/tablegames/tables/game"
)

// Kind of action.
type Kind uint8

// Kinds of action: a vagrant spirit guides and places its idol; a guiding
// spirit plays a card of its hand, then names its Expand target or the
// modifier of its Change; an ejected spirit swaps a card type of its
// faction's pool.
//
// NoGuide and Pass are a vagrant spirit's skips. The rule leaves nothing
// to skip: a vagrant spirit must guide when a faction is free for it and
// must place its idol when it has one and a cell is free, so NoGuide is
// accepted only from a spirit that can guide no faction this turn, and
// Pass only from one that can neither guide nor place (see decline). An
// accepted skip changes nothing: the game never waits for what a spirit
// cannot do.
const (
	GuideFaction Kind = iota + 1
	PlaceIdol
	PlayCard
	PickTarget
	PickChange
	SwapCard
	NoGuide // "I guide no faction": legal only when no faction is free for the spirit
	Pass    // "I do nothing": legal only when the spirit can neither guide nor place
)

var kindNames = [...]string{"", "guide", "idol", "play", "target", "change", "swap", "noguide", "pass"}

func (k Kind) String() string { return kindNames[k] }

// Action is one move. Faction for GuideFaction; Idol and Cell for
// PlaceIdol; Index into the hand (PlayCard) or the change cards
// (PickChange); Cell for PickTarget; Remove and Add card types for SwapCard.
//
// A card that asks for more (an Expand's target, a Change's modifier) is
// played in one move with what it asks for: PlayCard with Then set to
// PickTarget and Cell, or to PickChange and Change. Every secret choice is
// then one move, so no counter a table shows (its log's sequence, the
// state's Version) tells the others which kind of card a spirit chose.
// PlayCard without Then, followed by PickTarget or PickChange, is how
// games logged before this were played, and is still accepted: it tells
// only on the player who makes it.
type Action struct {
	Kind    Kind
	Faction int      `json:",omitempty"`
	Idol    IdolType `json:",omitempty"`
	Cell    int      `json:",omitempty"`
	Index   int      `json:",omitempty"`
	Remove  Card     `json:",omitempty"`
	Add     Card     `json:",omitempty"`
	Then    Kind     `json:",omitempty"`
	Change  int      `json:",omitempty"`
}

// Error codes.
const (
	CodeNotYourTurn   = game.CodeNotYourTurn   // nothing of that kind to decide now
	CodeInvalidAction = game.CodeInvalidAction // a faction, cell or card that can't be chosen
	CodeMustGuide     = "MUST_GUIDE"           // a vagrant skip while a faction is free for it to guide
	CodeMustPlaceIdol = "MUST_PLACE_IDOL"      // a vagrant pass while it has an idol and a free cell
)

// New sets up a game for n spirits from a seed: the factions on the six
// cells around the centre in a random order, their habitat modifiers, and
// one autopilot agenda; then the first turn's vagrant phase.
func New(r Rules, n int, seed uint64) (State, []game.Event, error) {
	if n < 2 || n > MaxSpirits {
		return State{}, nil, game.Err(CodeInvalidAction, "error.impetus.impetus_played_by_2")
	}
	s := State{Rules: r, N: n, Seed: seed, Turn: 1}
	for c := range s.Owner {
		s.Owner[c] = -1
	}
	ring := Ring(Hex{}, 1)
	for i := len(ring) - 1; i > 0; i-- {
		j := s.intn(i + 1)
		ring[i], ring[j] = ring[j], ring[i]
	}
	for f := range s.Factions {
		home := Index(ring[f])
		s.Factions[f] = Faction{Home: home, Pool: [4]Card{Trade, Steal, Expand, Change}, Mod: habitat[f], Guide: -1, Worship: -1}
		s.Owner[home] = f
	}
	for i := range s.Spirits {
		s.Spirits[i] = Spirit{Guiding: -1}
	}
	ev := []game.Event{game.Say("log.impetus.settle")}
	var plays []Play
	for f := range s.Factions {
		plays = append(plays, s.autoPlay(f))
	}
	s.reveal(plays, "log.impetus.first_agenda", &ev)
	s.resolvePlays(plays, &ev)
	s.clearTurn()
	s.startTurn(&ev)
	return s, ev, nil
}

// Apply makes spirit seat's move and returns the new state and the events,
// or the unchanged state and a *game.Error.
func Apply(s State, seat int, a Action) (State, []game.Event, error) {
	next := s.clone()
	var ev []game.Event
	if err := next.step(seat, a, &ev); err != nil {
		return s, nil, err
	}
	next.Version++
	return next, ev, nil
}

func (s *State) step(seat int, a Action, ev *[]game.Event) error {
	if seat < 0 || seat >= s.N {
		return game.Err(CodeNotYourTurn, "error.impetus.are_not_spirit_table")
	}
	if s.Phase == Over {
		return game.Err(CodeNotYourTurn, "error.impetus.game_over")
	}
	if (a.Kind == NoGuide || a.Kind == Pass) && !s.Rules.MustDoBoth {
		if err := s.skipAsBefore(seat, a.Kind); err != nil {
			return err
		}
		if len(s.Waiting()) == 0 {
			s.finishPhase(ev)
		}
		return nil
	}
	if a.Kind == NoGuide || a.Kind == Pass {
		// a legal skip skips what the spirit cannot do: nothing changes
		return s.decline(seat, a.Kind)
	}
	i, ok := s.open(seat)
	if !ok {
		return game.Err(CodeNotYourTurn, "error.impetus.have_nothing_choose_now")
	}
	c := &s.Choices[i]
	switch a.Kind {
	case GuideFaction:
		if c.Kind != ChooseVagrant || !c.NeedGuide || c.Guide != -1 {
			return game.Err(CodeNotYourTurn, "error.impetus.have_no_faction_choose")
		}
		if a.Faction < 0 || a.Faction >= NumFactions || !s.canGuide(seat, a.Faction) {
			return game.Err(CodeInvalidAction, "error.impetus.guide_faction_guided_gone")
		}
		c.Guide = a.Faction
	case PlaceIdol:
		if c.Kind != ChooseVagrant || !c.NeedIdol || c.IdolCell != -1 {
			return game.Err(CodeNotYourTurn, "error.impetus.have_no_idol_place")
		}
		if a.Idol < Battle || a.Idol > Spread {
			return game.Err(CodeInvalidAction, "error.impetus.choose_idol")
		}
		if a.Cell < 0 || a.Cell >= NumHexes || s.Idols[a.Cell].Type != NoIdol {
			return game.Err(CodeInvalidAction, "error.impetus.choose_cell_map_without")
		}
		c.IdolType, c.IdolCell = a.Idol, a.Cell
	case PlayCard:
		if (c.Kind != ChooseAgenda && c.Kind != ChooseSpoils) || c.Pick >= 0 {
			return game.Err(CodeNotYourTurn, "error.impetus.have_no_card_play")
		}
		if a.Index < 0 || a.Index >= len(c.Hand) {
			return game.Err(CodeInvalidAction, "error.impetus.play_one_cards_drew")
		}
		c.Pick = a.Index
		if err := s.playThen(c, a); err != nil {
			return err
		}
	case PickTarget:
		if c.Kind == ChooseVagrant || c.Kind == ChooseEject || c.Need(s) != "target" {
			return game.Err(CodeNotYourTurn, "error.impetus.have_no_expand_target")
		}
		if !contains(s.expandTargets(c.Faction), a.Cell) {
			return game.Err(CodeInvalidAction, "error.impetus.expand_next_to", factionArg("Faction", c.Faction))
		}
		c.Target = a.Cell
	case PickChange:
		if c.Kind == ChooseVagrant || c.Kind == ChooseEject || c.Need(s) != "change" {
			return game.Err(CodeNotYourTurn, "error.impetus.have_no_change_card")
		}
		if a.Index < 0 || a.Index >= len(c.Changes) {
			return game.Err(CodeInvalidAction, "error.impetus.choose_one_change_cards")
		}
		c.Change = a.Index
	case SwapCard:
		if c.Kind != ChooseEject {
			return game.Err(CodeNotYourTurn, "error.impetus.have_no_card_swap")
		}
		if a.Remove >= NumCards || a.Add >= NumCards || !containsCard(s.Factions[c.Faction].Pool[:], a.Remove) {
			return game.Err(CodeInvalidAction, "error.impetus.remove_card_type_pool")
		}
		c.Remove, c.Add = int(a.Remove), int(a.Add)
	default:
		return game.Err(CodeInvalidAction, "error.impetus.unknown_action")
	}
	if len(s.Waiting()) == 0 {
		s.finishPhase(ev)
	}
	return nil
}

// playThen takes what a card played asks for in the same move (a.Then):
// an Expand's target, a Change's modifier. A card that asks for nothing
// takes nothing; one that asks and is not given it waits for it (the way
// older games were played).
func (s *State) playThen(c *Choice, a Action) error {
	need := c.Need(s)
	switch {
	case a.Then == 0:
		return nil
	case a.Then == PickTarget && need == "target":
		if !contains(s.expandTargets(c.Faction), a.Cell) {
			return game.Err(CodeInvalidAction, "error.impetus.expand_next_to", factionArg("Faction", c.Faction))
		}
		c.Target = a.Cell
	case a.Then == PickChange && need == "change":
		if a.Change < 0 || a.Change >= len(c.Changes) {
			return game.Err(CodeInvalidAction, "error.impetus.choose_one_change_cards")
		}
		c.Change = a.Change
	case a.Then == PickTarget:
		return game.Err(CodeInvalidAction, "error.impetus.have_no_expand_target")
	case a.Then == PickChange:
		return game.Err(CodeInvalidAction, "error.impetus.have_no_change_card")
	default:
		return game.Err(CodeInvalidAction, "error.impetus.unknown_action")
	}
	return nil
}

// declined marks a vagrant choice skipped under the old reading.
const declined = -2

// skipAsBefore is a skip as the old reading took it (guiding optional):
// only games begun before the design note's rule was restored play it, so
// their logs replay as they were played.
func (s *State) skipAsBefore(seat int, k Kind) error {
	i, err := s.mayskipAsBefore(seat, k)
	if err != nil {
		return err
	}
	c := &s.Choices[i]
	if c.NeedGuide && c.Guide == -1 {
		c.Guide = declined
	}
	if k == Pass && c.NeedIdol && c.IdolCell == -1 {
		c.IdolCell = declined
	}
	return nil
}

// mayskipAsBefore says whether skipAsBefore takes the skip k of seat now,
// and which choice it skips (nil error: it does).
func (s *State) mayskipAsBefore(seat int, k Kind) (int, error) {
	i, ok := s.open(seat)
	if !ok {
		return 0, game.Err(CodeNotYourTurn, "error.impetus.have_nothing_choose_now")
	}
	c := &s.Choices[i]
	switch {
	case k == NoGuide && (c.Kind != ChooseVagrant || !c.NeedGuide || c.Guide != -1):
		return 0, game.Err(CodeNotYourTurn, "error.impetus.have_no_faction_choose")
	case k == Pass && (c.Kind != ChooseVagrant || (c.Guide != -1 && c.IdolCell != -1)):
		return 0, game.Err(CodeNotYourTurn, "error.impetus.have_nothing_pass_now")
	}
	return i, nil
}

// mayskip says whether the engine takes seat's skip k now, under the
// game's reading of the rule (step's own choice of skipAsBefore or
// decline): nil when it does.
func (s *State) mayskip(seat int, k Kind) error {
	if !s.Rules.MustDoBoth {
		_, err := s.mayskipAsBefore(seat, k)
		return err
	}
	return s.decline(seat, k)
}

// decline says whether vagrant spirit seat may skip now: NoGuide (guide
// no faction) or Pass (guide none, place no idol). The design note's rule
// is that a vagrant spirit guides a faction and/or places an idol, and
// must do both if both are available: it does one alone only when the
// other is impossible, and nothing only when both are. So a skip is legal
// only when what it skips is impossible, and then it changes nothing.
// nil means legal; otherwise the error says what the spirit must do.
func (s *State) decline(seat int, k Kind) error {
	if s.Phase != Vagrant || s.Spirits[seat].Guiding >= 0 {
		return game.Err(CodeNotYourTurn, "error.impetus.have_nothing_pass_now")
	}
	var c *Choice
	for i := range s.Choices {
		if s.Choices[i].Spirit == seat {
			c = &s.Choices[i]
		}
	}
	if c == nil {
		// the vagrant phase opened no choice for it: it can neither guide
		// nor place, so it passes, and the phase does not wait for it
		return nil
	}
	guide := c.NeedGuide && c.Guide == -1
	idol := c.NeedIdol && c.IdolCell == -1
	switch {
	case guide && idol:
		return game.Err(CodeMustGuide, "error.impetus.guide_faction_place_idol")
	case guide:
		return game.Err(CodeMustGuide, "error.impetus.faction_free_guide_so")
	case k == NoGuide && c.NeedGuide:
		return game.Err(CodeNotYourTurn, "error.impetus.have_chosen_faction_already")
	case idol && k == Pass:
		return game.Err(CodeMustPlaceIdol, "error.impetus.have_idol_cell_free")
	case !idol:
		return game.Err(CodeNotYourTurn, "error.impetus.choice_made_stands_until")
	}
	// NoGuide with no faction to guide and the idol still to place: there
	// is no guide to decline
	return nil
}

// finishPhase resolves the phase whose choices are all in and plays on
// until players must choose again or the game ends.
func (s *State) finishPhase(ev *[]game.Event) {
	switch s.Phase {
	case Vagrant:
		s.resolveVagrant(ev)
		s.startAgenda(ev)
	case Agenda:
		s.resolveAgenda(ev)
	case Eject:
		s.resolveEject(ev)
		s.warPhase(ev)
	case Spoils:
		s.finishWar(ev)
	}
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func containsCard(xs []Card, x Card) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
