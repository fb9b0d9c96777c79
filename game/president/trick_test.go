package president

import (
	"strings"
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
)

func TestPassLocksOutAndTrickEnds(t *testing.T) {
	s := table(t, House, 0, "4C 9C KC", "5C QC KD", "6C AC KH")
	play(t, &s, 0, "4C")
	pass(t, &s, 1)
	if s.Turn != 2 || !s.Players[1].Passed {
		t.Fatalf("turn %d passed %v", s.Turn, s.Players[1].Passed)
	}
	play(t, &s, 2, "6C")
	if s.Turn != 0 {
		t.Fatalf("after seat 2 played, turn %d; seat 1 passed and must be skipped", s.Turn)
	}
	rejectPlay(t, s, 1, "QC", CodeAlreadyPassed)
	reject(t, s, 1, Action{Kind: Pass}, CodeAlreadyPassed)
	play(t, &s, 0, "9C")
	// seat 1 is locked out: seat 2 is next
	if s.Turn != 2 {
		t.Fatalf("turn %d, want 2", s.Turn)
	}
	ev := do(t, &s, 2, Action{Kind: Pass})
	// everyone else has passed since seat 0's 9: seat 0 leads a new trick
	if s.Turn != 0 || s.PileLen != 0 || s.Players[1].Passed || s.Players[2].Passed {
		t.Fatalf("trick did not end: turn %d pile %d", s.Turn, s.PileLen)
	}
	if !strings.Contains(texts(ev), "{0} leads") {
		t.Fatalf("events %q", texts(ev))
	}
	reject(t, s, 0, Action{Kind: Pass}, CodeActionNotAllowed)
}

func TestPlayEndsTrickWhenAllOthersPassed(t *testing.T) {
	s := table(t, House, 0, "4C 9C", "5C QC", "6C AC")
	play(t, &s, 0, "4C")
	pass(t, &s, 1)
	pass(t, &s, 2)
	if s.Turn != 0 || s.PileLen != 0 {
		t.Fatalf("turn %d pile %d", s.Turn, s.PileLen)
	}
}

func TestLeadPassesWhenLastPlayerIsOut(t *testing.T) {
	s := table(t, House, 0, "9C", "5C QC", "6C AC", "4D 4H")
	play(t, &s, 0, "9C")
	if s.Players[0].Place != 1 {
		t.Fatalf("seat 0 not out: place %d", s.Players[0].Place)
	}
	if s.Turn != 1 {
		t.Fatalf("turn %d", s.Turn)
	}
	pass(t, &s, 1)
	pass(t, &s, 2)
	pass(t, &s, 3)
	// seat 0 played last but is out: the next seat holding cards leads
	if s.Turn != 1 || s.PileLen != 0 {
		t.Fatalf("turn %d pile %d, want seat 1 to lead", s.Turn, s.PileLen)
	}
}

func TestNotYourTurnAndOwnership(t *testing.T) {
	s := table(t, House, 0, "4C 9C", "5C QC", "6C AC")
	rejectPlay(t, s, 1, "5C", CodeNotYourTurn)
	rejectPlay(t, s, 0, "5C", CodeOwnership)
	rejectPlay(t, s, 0, "4C 9C", CodePatternMismatch)
	rejectPlay(t, s, 0, "4C 4C", CodePatternMismatch)
	reject(t, s, 7, Action{Kind: Pass}, CodeActionNotAllowed)
	reject(t, s, -1, Action{Kind: Pass}, CodeActionNotAllowed)
	reject(t, s, 0, Action{Kind: Kind(99)}, CodeActionNotAllowed)
	play(t, &s, 0, "9C")
	rejectPlay(t, s, 1, "5C", CodeRankTooLow)
	rejectPlay(t, s, 1, "5C QC", CodePatternMismatch)
}

func TestGift(t *testing.T) {
	s := table(t, House, 0, "7C 7D 3C 4C 9S", "5C QC", "6C AC", "8D 8H")
	ev := play(t, &s, 0, "7C 7D")
	if s.Pending != (Pending{Kind: Gift, Seat: 0, Count: 2}) {
		t.Fatalf("pending %+v", s.Pending)
	}
	if !strings.Contains(texts(ev), "must give two cards") {
		t.Fatalf("events %q", texts(ev))
	}
	// only the giver may act, and only by giving
	rejectPlay(t, s, 1, "QC", CodeEffectPending)
	reject(t, s, 1, Action{Kind: Pass}, CodeEffectPending)
	rejectPlay(t, s, 0, "3C", CodeEffectPending)
	reject(t, s, 1, Action{Kind: Gift, Cards: list(t, "QC"), To: []int{0}}, CodeEffectPending)
	reject(t, s, 0, Action{Kind: Discard, Cards: list(t, "3C 4C")}, CodeEffectPending)
	g := func(cs string, to ...int) Action { return Action{Kind: Gift, Cards: list(t, cs), To: to} }
	reject(t, s, 0, g("3C", 1), CodeInvalidGiftDistribution)
	reject(t, s, 0, g("3C 4C 9S", 1, 1, 1), CodeInvalidGiftDistribution)
	reject(t, s, 0, g("3C 4C", 1), CodeInvalidGiftDistribution)
	reject(t, s, 0, g("3C 4C", 0, 1), CodeInvalidGiftDistribution)
	reject(t, s, 0, g("3C 4C", 1, 9), CodeInvalidGiftDistribution)
	reject(t, s, 0, g("3C 3C", 1, 2), CodeInvalidGiftDistribution)
	reject(t, s, 0, g("3C QC", 1, 2), CodeOwnership)
	reject(t, s, 0, g("7C 3C", 1, 2), CodeOwnership) // the 7s left the hand
	ev = do(t, &s, 0, g("3C 4C", 1, 3))
	if s.Pending.Kind != 0 || s.Turn != 1 {
		t.Fatalf("after gift: pending %+v turn %d", s.Pending, s.Turn)
	}
	if !s.Players[1].Hand.Has(cards.New(cards.Three, cards.Clubs)) || !s.Players[3].Hand.Has(cards.New(cards.Four, cards.Clubs)) {
		t.Fatal("gifted cards not received")
	}
	if top, _ := s.Top(); top.Rank != cards.Seven || top.Count != 2 {
		t.Fatalf("the 7s must stay on the pile, top %+v", top)
	}
	var public, private int
	for _, e := range ev {
		if strings.Contains(e.String(), "♣") {
			private++
			if len(e.Only) != 2 || e.Only[0] != 0 {
				t.Fatalf("gift cards visible to %v", e.Only)
			}
		} else if strings.Contains(e.String(), "gives a card") {
			public++
		}
	}
	if public != 2 || private != 2 {
		t.Fatalf("events %q", texts(ev))
	}
}

func TestGiftOfFewerCardsAndGoingOut(t *testing.T) {
	s := table(t, House, 0, "7C 7D 7H 3C", "5C QC", "6C AC")
	play(t, &s, 0, "7C 7D 7H")
	if s.Pending.Count != 1 {
		t.Fatalf("owes %d, want 1 (all that is left)", s.Pending.Count)
	}
	do(t, &s, 0, Action{Kind: Gift, Cards: list(t, "3C"), To: []int{2}})
	if s.Players[0].Place != 1 || s.Turn != 1 {
		t.Fatalf("giver place %d turn %d", s.Players[0].Place, s.Turn)
	}
	// going out on the 7s themselves owes nothing
	out := table(t, House, 0, "7C 7D", "5C QC", "6C AC")
	play(t, &out, 0, "7C 7D")
	if out.Pending.Kind != 0 || out.Players[0].Place != 1 {
		t.Fatalf("pending %+v", out.Pending)
	}
	// an opponent who is out can't receive
	gone := table(t, House, 0, "7C 3C 4C", "5C", "6C AC")
	play(t, &gone, 0, "3C")
	play(t, &gone, 1, "5C") // seat 1 is out
	play(t, &gone, 2, "6C")
	play(t, &gone, 0, "7C")
	reject(t, gone, 0, Action{Kind: Gift, Cards: list(t, "4C"), To: []int{1}}, CodeInvalidGiftDistribution)
}

func TestEightReset(t *testing.T) {
	s := table(t, House, 0, "4C 4D 9C", "8C 8D QC", "6C 6D AC")
	play(t, &s, 0, "4C 4D")
	ev := play(t, &s, 1, "8C 8D")
	if s.Turn != 1 || s.PileLen != 0 || s.Played.Len() == 0 {
		t.Fatalf("8s: turn %d pile %d", s.Turn, s.PileLen)
	}
	if !strings.Contains(texts(ev), "8s reset the pile") {
		t.Fatalf("events %q", texts(ev))
	}
	// the same player leads anything
	play(t, &s, 1, "QC")
	// an 8 that empties the hand passes the lead on
	out := table(t, House, 0, "4C 9C", "8C", "6C AC")
	play(t, &out, 0, "4C")
	play(t, &out, 1, "8C")
	if out.Turn != 2 || out.Players[1].Place != 1 {
		t.Fatalf("turn %d place %d", out.Turn, out.Players[1].Place)
	}
}

func TestTenDiscard(t *testing.T) {
	s := table(t, House, 0, "4C 4D 9C", "TC TD QC 3H 5H", "6C 6D AC")
	play(t, &s, 0, "4C 4D")
	play(t, &s, 1, "TC TD")
	if s.Pending != (Pending{Kind: Discard, Seat: 1, Count: 2}) {
		t.Fatalf("pending %+v", s.Pending)
	}
	rejectPlay(t, s, 2, "6C 6D", CodeEffectPending)
	d := func(cs string) Action { return Action{Kind: Discard, Cards: list(t, cs)} }
	reject(t, s, 1, d("3H"), CodeInvalidDiscardSelection)
	reject(t, s, 1, d("3H 5H QC"), CodeInvalidDiscardSelection)
	reject(t, s, 1, d("3H 3H"), CodeInvalidDiscardSelection)
	reject(t, s, 1, d("3H 9C"), CodeOwnership)
	reject(t, s, 1, Action{Kind: Gift, Cards: list(t, "3H 5H"), To: []int{0, 2}}, CodeEffectPending)
	reject(t, s, 0, d("9C"), CodeEffectPending)
	ev := do(t, &s, 1, d("3H 5H"))
	if s.Discarded != set(t, "3H 5H") || s.PileLen != 0 || s.Turn != 2 {
		t.Fatalf("discarded %v pile %d turn %d", s.Discarded, s.PileLen, s.Turn)
	}
	if strings.Contains(texts(ev), "♥") {
		t.Fatalf("discarded cards named in the log: %q", texts(ev))
	}
	v := s.View(0)
	if v.Discards != 2 {
		t.Fatalf("view shows %d discards", v.Discards)
	}
	reject(t, s, 1, d("QC"), CodeActionNotAllowed)
}

func TestJackInversion(t *testing.T) {
	s := table(t, House, 0, "9C KC 5D", "JC 4C QD", "8S TC 3H", "2D 6C AD")
	play(t, &s, 0, "9C")
	play(t, &s, 1, "JC")
	if !s.Inverted {
		t.Fatal("jacks did not invert")
	}
	rejectPlay(t, s, 3, "6C", CodeNotYourTurn)
	pass(t, &s, 2)
	rejectPlay(t, s, 3, "2D", CodeRankTooLow)
	rejectPlay(t, s, 3, "AD", CodeRankTooLow)
	ge := rejectPlay(t, s, 3, "AD", CodeRankTooLow)
	if !strings.Contains(ge.Message, "inverted") {
		t.Fatalf("message %q", ge.Message)
	}
	play(t, &s, 3, "6C")
	rejectPlay(t, s, 0, "KC", CodeRankTooLow)
	play(t, &s, 0, "5D")
	play(t, &s, 1, "4C")
	// seat 2 passed; seat 3 and 0 pass: the trick ends and inversion with it
	pass(t, &s, 3)
	pass(t, &s, 0)
	if s.Inverted || s.Turn != 1 {
		t.Fatalf("inverted %v turn %d", s.Inverted, s.Turn)
	}
	play(t, &s, 1, "QD")
	rejectPlay(t, s, 2, "TC", CodeRankTooLow) // not inverted any more
}

func TestInvertedThreeEndsTrick(t *testing.T) {
	s := table(t, House, 0, "9C KC", "JC 4C", "8S 3H QH", "2D 6C")
	play(t, &s, 0, "9C")
	play(t, &s, 1, "JC")
	ev := play(t, &s, 2, "3H")
	if s.Inverted || s.PileLen != 0 || s.Turn != 2 {
		t.Fatalf("3 on inverted trick: inverted %v pile %d turn %d", s.Inverted, s.PileLen, s.Turn)
	}
	if !strings.Contains(texts(ev), "can't be beaten") {
		t.Fatalf("events %q", texts(ev))
	}
	// a 3 on a normal trick is just a low card
	n := table(t, House, 0, "3C KC", "4C 4D", "8S QH")
	play(t, &n, 0, "3C")
	if n.Turn != 1 || n.PileLen != 1 {
		t.Fatalf("normal 3 ended the trick")
	}
}

func TestEightEndsInversion(t *testing.T) {
	s := table(t, House, 0, "9C KC", "JC 4C", "8S 3H QH", "2D 6C")
	play(t, &s, 0, "9C")
	play(t, &s, 1, "JC")
	play(t, &s, 2, "8S")
	if s.Inverted || s.Turn != 2 || s.PileLen != 0 {
		t.Fatalf("8 on inverted trick: inverted %v turn %d", s.Inverted, s.Turn)
	}
}

func TestDealEndRolesAndScore(t *testing.T) {
	s := table(t, House, 0, "9C", "QC KC", "4C 5C", "6C 7C 8C")
	play(t, &s, 0, "9C") // seat 0 out first
	play(t, &s, 1, "QC")
	pass(t, &s, 2)
	pass(t, &s, 3)
	play(t, &s, 1, "KC") // seat 1 out second
	pass(t, &s, 2)
	pass(t, &s, 3)
	if s.Turn != 2 {
		t.Fatalf("lead went to %d, want 2", s.Turn)
	}
	play(t, &s, 2, "4C")
	pass(t, &s, 3)
	play(t, &s, 2, "5C") // seat 2 out third, seat 3 last
	if s.Phase != DealOver {
		t.Fatalf("phase %v", s.Phase)
	}
	want := []Role{President, VicePresident, Scumbag, Asshole}
	for i, r := range want {
		if s.Players[i].Role != r || s.Players[i].Score != r.Points() {
			t.Errorf("seat %d: role %v score %d, want %v", i, s.Players[i].Role, s.Players[i].Score, r)
		}
	}
	if len(s.History) != 1 || s.History[0][3] != Asshole {
		t.Fatalf("history %v", s.History)
	}
	rejectPlay(t, s, 3, "6C", CodeActionNotAllowed)
	reject(t, s, 0, Action{Kind: Deal, Seed: 1}, CodeActionNotAllowed)
	if _, _, err := Apply(s, game.System, Action{Kind: Deal, Seed: 1}); err != nil {
		t.Fatal(err)
	}
}
