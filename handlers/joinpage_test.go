package handlers

import (
	"strings"
	"testing"
)

// TestJoinPageSaysWhoAndWhat: a visitor opening an invitation reads who
// invited them (the host), the game and its stakes or format, who is
// seated and how many seats are free, in English and in Japanese.
func TestJoinPageSaysWhoAndWhat(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", mustForm("kind=holdem&seats=4&blinds=10/20&stack_bb=100"))
	guest := e.client()
	guest.join(code, "Bob")
	for _, c := range []struct{ lang, invite, stakes, seated, free string }{
		{"en", "Ann invites you to a table of Texas Hold&#39;em.", "blinds 10/20", "At the table: Ann and Bob.", "2 seats free."},
		{"ja", "Annさんがテキサス・ホールデムのテーブルに招待しています。", "ブラインド10/20", "着席中：AnnとBob", "空席は2席です。"},
	} {
		v := e.client()
		v.get("/lang?lang=" + c.lang)
		_, page := v.get("/t/" + code)
		for _, want := range []string{c.invite, c.stakes, c.seated, c.free} {
			if !strings.Contains(page, want) {
				i := strings.Index(page, "<main")
				t.Fatalf("%s: the join page does not say %q: %.900s", c.lang, want, page[max(i, 0):])
			}
		}
	}
}
