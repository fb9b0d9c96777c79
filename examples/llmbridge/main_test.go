package main

import (
	"strings"
	"testing"

	"github.com/tablegames/tables/examples/botclient"
)

// The prompt numbers the model's seat as the view it is shown does (from
// 0: the view's turn, seats, waiting and a gift's seats): told "seat 3"
// beside a view whose turn is 2, a model thinks it is another's turn.
func TestPromptNumbersSeatsAsTheView(t *testing.T) {
	v := botclient.View{Name: "Robo", Seat: 2, Waiting: []int{2}, Game_: []byte(`{"turn": 2}`)}
	p := prompt(v)
	if !strings.Contains(p, "seat 2") || strings.Contains(p, "seat 3") {
		t.Errorf("the prompt numbers the seat otherwise than its view:\n%s", p)
	}
}
