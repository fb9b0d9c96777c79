package db

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// An adopted machine's rooms come over whole: the matching ones, with
// their logs and snapshots, and nothing else.
func TestImportCopiesTheMatchingRooms(t *testing.T) {
	ctx := context.Background()
	src, srcPath := open(t)
	dst, _ := open(t)
	now := time.Now()
	for _, code := range []string{"AB2345", "AB6789", "CD2345"} {
		if err := src.CreateRoom(ctx, code, "president", []byte(`{}`), now, 0); err != nil {
			t.Fatal(err)
		}
		for seq := int64(1); seq <= 3; seq++ {
			if err := src.Append(ctx, code, seq, now, []byte(fmt.Sprintf(`{"seq":%d,"room":%q}`, seq, code))); err != nil {
				t.Fatal(err)
			}
		}
		if err := src.SaveSnapshot(ctx, code, 2, []byte(`{"s":2}`)); err != nil {
			t.Fatal(err)
		}
	}
	if err := src.MoveRooms(ctx, []string{"AB6789"}); err != nil { // src had lost this one
		t.Fatal(err)
	}
	// an older copy of AB2345 here is replaced
	if err := dst.CreateRoom(ctx, "AB2345", "holdem", []byte(`{}`), now, 0); err != nil {
		t.Fatal(err)
	}
	got, err := dst.Import(ctx, srcPath, func(code string) bool { return strings.HasPrefix(code, "AB") })
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != "AB2345" {
		t.Fatalf("imported %v; want only AB2345 (AB6789 moved away, CD2345 another tag)", got)
	}
	row, snapSeq, snap, entries, err := dst.Load(ctx, "AB2345")
	if err != nil || row.Kind != "president" || snapSeq != 2 || string(snap) != `{"s":2}` || len(entries) != 1 || entries[0].Seq != 3 {
		t.Fatalf("load after import: %+v %d %s %+v %v", row, snapSeq, snap, entries, err)
	}
	log, _ := dst.Log(ctx, "AB2345", 0)
	if len(log) != 3 || string(log[0].Entry) != `{"seq":1,"room":"AB2345"}` {
		t.Fatalf("log after import: %+v", log)
	}
	if _, err := dst.RoomInfo(ctx, "CD2345"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("CD2345 came over: %v", err)
	}
	rooms, _ := dst.Rooms(ctx)
	if len(rooms) != 1 {
		t.Fatalf("rooms here %v", rooms)
	}
	if err := dst.MoveRooms(ctx, []string{"AB2345"}); err != nil {
		t.Fatal(err)
	}
	if open, _ := dst.OpenRooms(ctx); len(open) != 0 {
		t.Fatalf("a moved room is still open here: %v", open)
	}
}

// A fenced room's append is refused and writes nothing; with a shipping
// step, an append is answered only after it, and its failure is the
// append's.
func TestFenceAndShipping(t *testing.T) {
	ctx := context.Background()
	d, _ := open(t)
	now := time.Now()
	for _, c := range []string{"AB2345", "CD2345"} {
		if err := d.CreateRoom(ctx, c, "president", []byte(`{}`), now, 0); err != nil {
			t.Fatal(err)
		}
	}
	errLost := errors.New("not held")
	shipped := 0
	var shipErr error
	d.SetFence(func(code string) error {
		if strings.HasPrefix(code, "CD") {
			return errLost
		}
		return nil
	})
	d.SetShipped(func(context.Context) error { shipped++; return shipErr }, 0)
	if err := d.Append(ctx, "CD2345", 1, now, []byte(`{}`)); !errors.Is(err, errLost) {
		t.Fatalf("fenced append: %v", err)
	}
	if log, _ := d.Log(ctx, "CD2345", 0); len(log) != 0 {
		t.Fatal("a fenced append was written")
	}
	if err := d.Append(ctx, "AB2345", 1, now, []byte(`{}`)); err != nil || shipped != 1 {
		t.Fatalf("append: %v, shipped %d times", err, shipped)
	}
	shipErr = errors.New("backup unreachable")
	if err := d.Append(ctx, "AB2345", 2, now, []byte(`{}`)); !errors.Is(err, shipErr) {
		t.Fatalf("append with shipping failing: %v", err)
	}
}

// A seat's bot moves with its table: an adopted table's remote bots play
// on with the tokens their hosts were shown (only the SHA-256 moves);
// another table's bots and bot identities stay where they are.
func TestImportCopiesTheTablesBots(t *testing.T) {
	ctx := context.Background()
	src, srcPath := open(t)
	dst, _ := open(t)
	now := time.Now()
	tokens := map[string]string{}
	for _, code := range []string{"AB2345", "CD2345", ""} {
		if code != "" {
			if err := src.CreateRoom(ctx, code, "president", []byte(`{}`), now, 0); err != nil {
				t.Fatal(err)
			}
		}
		_, token, err := src.CreateBot(ctx, Bot{Name: "Robo", Owner: "p1", Room: code}, now)
		if err != nil {
			t.Fatal(err)
		}
		tokens[code] = token
	}
	// a stale copy of the table here, with a bot since replaced: twice imported is once
	for range 2 {
		if _, err := dst.Import(ctx, srcPath, func(code string) bool { return strings.HasPrefix(code, "AB") }); err != nil {
			t.Fatal(err)
		}
	}
	if b, err := dst.BotByToken(ctx, tokens["AB2345"]); err != nil || b.Room != "AB2345" || b.Name != "Robo" {
		t.Errorf("the adopted table's bot: %+v %v", b, err)
	}
	for _, code := range []string{"CD2345", ""} {
		if _, err := dst.BotByToken(ctx, tokens[code]); !errors.Is(err, ErrBotToken) {
			t.Errorf("bot of %q came over: %v", code, err)
		}
	}
}
