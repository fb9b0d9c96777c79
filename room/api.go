package room

import (
	"context"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/views"
)

// The runtime's door: every command a person (through the HTTP edge) or a
// program gives a table. Each runs in the room's actor and waits for it;
// a refused command is a *game.Error with a stable code and a message for
// the player. A command that can't reach the actor (the room stopped, ctx
// ended) returns that error instead.

// Missing is something a request names that the table doesn't have (a
// deal to replay, a step, a hand): the edge answers "not found", with Msg
// in the reader's language.
type Missing struct{ Msg i18n.Msg }

func (m Missing) Error() string { return i18n.English().Msg(m.Msg) }

// Hidden is something the asker may not see (another seat's cards in a
// Hold'em replay): the edge answers "forbidden", with Msg.
type Hidden struct{ Msg i18n.Msg }

func (h Hidden) Error() string { return i18n.English().Msg(h.Msg) }

// CodeStale is the code of a move posted from an older version of the
// seat than the table's (a double click, a retried request).
const CodeStale = codeStale

// run runs a command in the actor and returns its error.
func (r *Room) run(ctx context.Context, cmd func() error) error {
	var cerr error
	if err := r.do(ctx, func() { cerr = cmd() }); err != nil {
		return err
	}
	return cerr
}

// Code is the table's code.
func (r *Room) Code() string { return r.code }

// Title is the game the table plays now, in words, in l ("Texas
// Hold'em").
func (r *Room) Title(ctx context.Context, l *i18n.Lang) string {
	var title string
	if err := r.do(ctx, func() { title = l.Msg(r.t.kind.info.Title()) }); err != nil {
		return ""
	}
	return title
}

// Public reports a table listed on the home page (fixed at creation).
func (r *Room) Public() bool { return r.public }

// Slow reports whether the table plays at a slow pace (hours per move).
func (r *Room) Slow() bool { return r.hours > 0 }

// Join seats a player in the first empty seat of the lobby, or keeps them
// where they sit. It returns the seat, or -1 when they can only watch.
func (r *Room) Join(ctx context.Context, player, name string) (int, error) {
	seat := -1
	addr := addrOf(ctx)
	err := r.run(ctx, func() (err error) { r.noteAddr(player, addr); seat, err = r.join(player, name); return err })
	return seat, err
}

// Lobby is a lobby button (form "do": ready, unready, leave, sit, bot,
// free, start; "seat" for sit, bot and free).
func (r *Room) Lobby(ctx context.Context, player, name string, form url.Values) error {
	addr := addrOf(ctx)
	return r.run(ctx, func() error { r.noteAddr(player, addr); return r.lobbyAction(player, name, form) })
}

// Start is the host's start button.
func (r *Room) Start(ctx context.Context, player, name string) error {
	return r.Lobby(ctx, player, name, url.Values{"do": {"start"}})
}

// Seat is a request about seats once the game runs (form "do": ask,
// leave; the host's accept, decline, pause, resume, stakes, host).
func (r *Room) Seat(ctx context.Context, player, name string, form url.Values) error {
	addr := addrOf(ctx)
	return r.run(ctx, func() error { r.noteAddr(player, addr); return r.seatAction(player, name, form) })
}

// Move is a player's move, as the game's form encodes it ("v", when set,
// is the version of the seat the move was chosen at).
func (r *Room) Move(ctx context.Context, player string, form url.Values) error {
	addr := addrOf(ctx)
	return r.run(ctx, func() error { r.noteAddr(player, addr); return r.move(player, form) })
}

// Chat is a chat line from a player, seated or watching.
func (r *Room) Chat(ctx context.Context, player, name, text string) error {
	return r.run(ctx, func() error { return r.chat(player, name, text) })
}

// Connect registers a viewer's connection for a player ("" for a visitor
// without a session) and pushes it the whole table; from then on it gets
// every change it may see, until Disconnect.
func (r *Room) Connect(ctx context.Context, c Conn, player string) error {
	return r.do(ctx, func() { r.connect(c, player, "") })
}

// ConnectPage is Connect for the websocket of a table page the room
// rendered (Visit gave it Page.PageToken): when the table hasn't moved
// since, its first push is only what changed since the page (pages.go).
func (r *Room) ConnectPage(ctx context.Context, c Conn, player, token string) error {
	return r.do(ctx, func() { r.connect(c, player, token) })
}

// Resync pushes a connected viewer the whole table again, as Connect
// did: its page saw a gap in its pushes' numbers (a push it never got)
// and asks for the table rather than show a wrong one. A connection the
// room doesn't know (it closed meanwhile) gets nothing.
func (r *Room) Resync(ctx context.Context, c Conn) error {
	return r.do(ctx, func() { r.resync(c) })
}

// Disconnect forgets a connection (it closed); it does not wait.
func (r *Room) Disconnect(c Conn) { r.send(func() { r.disconnect(c) }) }

// Seated reports whether player has a seat at the table.
func (r *Room) Seated(ctx context.Context, player string) bool {
	seated := false
	r.do(ctx, func() { seated = r.t.seatOf(player) >= 0 })
	return seated
}

// Visit is what a person opening the table's page sees: the page, or,
// when join is set, the form that asks their name (a visitor with a free
// seat to take, someone without a name, or one who asked to change it).
type Visit struct {
	Page views.Table
	Join *views.Join
}

// Visit builds the table's page for a player (csrf and shareURL are the
// edge's, put in the page as they are).
func (r *Room) Visit(ctx context.Context, player, name string, changeName bool, csrf, shareURL string) (Visit, error) {
	var v Visit
	err := r.do(ctx, func() {
		seat := r.t.seatOf(player)
		if seat < 0 && (name == "" || r.seatOffer(player) == "sit" || changeName) {
			j := r.joinForm(i18n.From(ctx), player, name, csrf)
			j.Rename = changeName && name != ""
			v.Join = &j
			return
		}
		rv := r.view(seat, player)
		rv.lang = i18n.From(ctx)
		if seat >= 0 {
			// the viewer is here: their seat shows them connected from the
			// first paint (their websocket comes a moment later)
			rv.connected = append([]bool(nil), rv.connected...)
			rv.connected[seat] = true
		}
		v.Page = r.page(rv, csrf, shareURL)
		v.Page.PageToken = r.notePage(rv, seat, player)
		v.Page.ChatName = name
		// The chat lines come with the websocket's first push (the whole
		// table), not in the page: the page is sent compressed, and chat
		// is text anyone at the table can vary at will, which must not sit
		// next to the viewer's cards in a compressed response (BREACH).
		v.Page.Chat = nil
	})
	return v, err
}

// JoinForm is the page that asks a visitor's name, with what seat they
// may have (to show it again with an error).
func (r *Room) JoinForm(ctx context.Context, player, name, csrf string) (views.Join, error) {
	var j views.Join
	err := r.do(ctx, func() { j = r.joinForm(i18n.From(ctx), player, name, csrf) })
	return j, err
}

// Hands are the finished hands the table keeps, as player may read them;
// Missing for a game without a hand history.
func (r *Room) Hands(ctx context.Context, player string) ([]views.HandText, error) {
	var hs []views.HandText
	none := false
	err := r.do(ctx, func() {
		if none = r.t.kind.hands == nil; !none && r.t.Match != nil {
			l := i18n.From(ctx)
			hs = r.t.kind.hands(r.t.Match, r.t.seatOf(player), func(seat int) string { return r.t.nameIn(l, seat) }, l)
		}
	})
	if err == nil && none {
		return nil, Missing{i18n.M("error.hands.none")}
	}
	return hs, err
}

// Listing is the table's line in the home page's list, if it is public
// and has a seat to take.
func (r *Room) Listing(ctx context.Context) (views.PublicTable, bool) {
	if !r.public {
		return views.PublicTable{}, false // not listed: no need to ask the actor
	}
	var pt views.PublicTable
	var ok bool
	if err := r.do(ctx, func() { pt, ok = r.publicSummary() }); err != nil {
		return views.PublicTable{}, false
	}
	return pt, ok
}

// Get returns the live room of an open table, loading it from its log if
// need be; db.ErrNotFound for an unknown or closed code.
func (rt *Runtime) Get(ctx context.Context, code string) (*Room, error) { return rt.room(ctx, code) }

// Knows reports whether player sits, asks or has talked at the live table
// code. It reads only tables in memory (no database), so it is cheap
// enough to ask for any code.
func (rt *Runtime) Knows(code, player string) bool {
	rt.mu.Lock()
	slot, ok := rt.rooms[code]
	rt.mu.Unlock()
	if !ok {
		return false
	}
	select {
	case <-slot.ready:
	default:
		return false // still loading
	}
	r := slot.room
	if r == nil {
		return false
	}
	known := false
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	r.do(ctx, func() { known = r.t.knows(player) })
	return known
}

// Loaded are the rooms in memory (not those still loading).
func (rt *Runtime) Loaded() []*Room { return rt.loadedRooms() }

// Failing counts the tables whose last write failed.
func (rt *Runtime) Failing() int { return rt.failingCount() }

// Games lists the games for the home page, in its order, each with the
// AI kinds its tables may choose.
func (rt *Runtime) Games() []views.GameInfo { return rt.gameInfos() }

// Game is the game named name as Games lists it, and whether the
// runtime has it.
func (rt *Runtime) Game(name string) (views.GameInfo, bool) {
	for _, g := range rt.gameInfos() {
		if g.Kind == name {
			return g, true
		}
	}
	return views.GameInfo{}, false
}

// ReadOptions reads the home page's form for a new table of a game: the
// game's own options, then the clock, the unattended minutes, who may sit,
// the code's length, the listing and the AI. A bad field is a *game.Error
// for the form.
func (rt *Runtime) ReadOptions(game string, form url.Values) (Options, error) {
	k, ok := rt.kinds[game]
	if !ok {
		return Options{}, errNotAllowed("error.table.choose_game")
	}
	opts, err := k.options(form)
	if err != nil {
		return Options{}, err
	}
	opts.Bots = form.Get("bots") == "on"
	opts.Revision = Revision
	if opts.Clock, ok = formInt(form, "clock", 60, 0, 600); !ok {
		return Options{}, errNotAllowed("error.table.clock_0_none_600")
	}
	if err := readPace(game, &opts, form); err != nil {
		return Options{}, err
	}
	if opts.Unattended, ok = formInt(form, "unattended", 0, 0, 24*60); !ok {
		return Options{}, errNotAllowed("error.table.bots_play_alone_0")
	}
	opts.OpenSeats = form.Get("open") == "on"
	opts.ShortCode = form.Get("short") == "on"
	if form.Get("public") == "on" {
		opts.Public, opts.OpenSeats = true, true // listed: anyone may sit
	}
	if opts.Bot, err = rt.botOption(k, form.Get("ai")); err != nil {
		return Options{}, err
	}
	return opts, nil
}

// Create opens a new table of a game with the host seated. The cap on
// open tables is the database's (db.ErrFull).
func (rt *Runtime) Create(ctx context.Context, game string, o Options, player, name string) (*Room, error) {
	k, ok := rt.kinds[game]
	if !ok {
		return nil, errNotAllowed("error.table.choose_game")
	}
	return rt.createRoom(ctx, k, o, player, name)
}

// Deal is a finished deal (hand, game) of a table's log: the sequence
// numbers of its first and last entries. Replay step k shows the table
// after entry From+k.
type Deal struct {
	From, To int64
	// Kind is the game it was, What what it was ("deal", "hand",
	// "game"), Part which game of the table's it was (from 1: a table
	// that changed game has several) and N its number in that game.
	Kind, What string
	Part, N    int
	// What the list says of it (games with a dealNote): who won what, the
	// pot, the player's own result (Played: they held a seat in it) and
	// its marks, as catalog keys.
	Won    i18n.Msg
	Pot    int
	Played bool
	Net    int
	Place  int // in a game of places, the player's (Net is then 0)
	Marks  []string
}

// Replays are a table's finished deals (hands, games), oldest first, and
// what one is called; player's own result in each.
func (rt *Runtime) Replays(ctx context.Context, code, player string) (what string, deals []Deal, err error) {
	ix, done, err := rt.replayIndex(ctx, code)
	if err != nil {
		return "", nil, err
	}
	defer done()
	part, n := 0, 0
	for i, sp := range ix.spans {
		if i == 0 || ix.spans[i-1].game != sp.game {
			part, n = part+1, 0
		}
		n++
		d := Deal{From: sp.from, To: sp.to, Kind: sp.kind.name, What: dealWord(sp.kind), Part: part, N: n}
		if n := sp.note; n != nil {
			d.Won, d.Pot, d.Marks = n.Won, n.Pot, n.Marks
			if i := slices.Index(n.Players, player); player != "" && i >= 0 {
				d.Played = true
				if n.Places != nil {
					d.Place = n.Places[i]
				} else {
					d.Net = n.Net[i]
				}
			}
		}
		deals = append(deals, d)
	}
	return dealWord(ix.t.kind), deals, nil
}

// ReplayStep is finished deal n (from 1) of a table at step (0: its
// start) as a seat saw it: seat is the asker's choice ("" for their own);
// in a game of hidden hands (Hold'em) only the asker's own seat, since
// cards never shown stay hidden. Missing for a deal or step the table doesn't have, Hidden for a
// seat the asker may not see.
func (rt *Runtime) ReplayStep(ctx context.Context, code string, n int, step string, player, seat string) (views.Replay, error) {
	ix, done, err := rt.replayIndex(ctx, code)
	if err != nil {
		return views.Replay{}, err
	}
	nspans := len(ix.spans)
	if n < 1 || n > nspans {
		k := ix.t.kind
		done()
		return views.Replay{}, Missing{i18n.M("error.replay.none."+dealWord(k), i18n.Count(nspans))}
	}
	sp := ix.spans[n-1]
	k := sp.kind
	done()
	steps := int(sp.to - sp.from)
	at := 0 // a replay opens at its start
	if step != "" {
		if at, err = strconv.Atoi(step); err != nil || at < 0 || at > steps {
			return views.Replay{}, Missing{i18n.M("error.replay.step", i18n.N("Last", steps))}
		}
	}
	// the table where the deal starts, then its entries up to the step
	t, err := restoreTable(k, sp.start)
	if err != nil {
		return views.Replay{}, err
	}
	entries, err := rt.db.LogRange(ctx, code, sp.from, sp.from+int64(at))
	if err != nil {
		return views.Replay{}, err
	}
	var lines []logLine
	for _, e := range entries {
		out, err := applyLogged(t, e)
		if err != nil {
			return views.Replay{}, err
		}
		lines = append(lines, out...)
	}
	me := t.seatOf(player)
	shown, ok := rt.replaySeat(k, t, me, seat)
	if !ok {
		return views.Replay{}, Hidden{i18n.M("error.replay.hidden")}
	}
	rv := replayView(code, t, shown)
	rv.player, rv.lang = player, i18n.From(ctx)
	comp, _ := k.render(rv)
	p := views.Replay{Code: code, What: dealWord(k), Deal: n, Deals: nspans, Step: at, Steps: steps, Seat: shown, Stage: comp,
		URL: "/t/" + code + "/replay/" + itoa(n)}
	for _, l := range lines {
		if visible(l, shown) {
			p.Log = append(p.Log, k.logView(l, rv.l()))
		}
	}
	for i := range t.Seats {
		if !k.hiddenHands || i == me {
			p.Seats = append(p.Seats, views.Target{Seat: i, Name: rv.name(i)})
		}
	}
	return p, nil
}

// HandsText is every finished hand of a table (open or closed) as player
// may read it, in plain text, rebuilt from the action log: Missing for a
// game without a hand history.
func (rt *Runtime) HandsText(ctx context.Context, code, player string) (string, error) {
	lang := i18n.From(ctx) // the reader's
	var b strings.Builder
	last, any := 0, false
	var match game.Match
	err := walkLog(ctx, rt.db, rt.kinds, code, func(st logStep) error {
		t := st.t
		k := t.kind // the game played then: a table may change game
		if k.hands == nil || t.Match == nil {
			return nil
		}
		any = true
		if t.Match != match {
			// a game of its own (after a change of game or a new match):
			// its hands count from 1, under a line saying which game
			match, last = t.Match, 0
			if t.Games > 1 || t.Game != st.kind.name {
				b.WriteString(lang.Msg(i18n.M("hands.game", i18n.N("Game", max(t.Games, 1)), i18n.Nest("Title", k.info.Title()))))
				b.WriteString("\n\n")
			}
		}
		hs := k.hands(t.Match, t.seatOf(player), func(seat int) string { return t.nameIn(lang, seat) }, lang)
		if n := len(hs); n > 0 && hs[n-1].Hand > last {
			last = hs[n-1].Hand
			b.WriteString(hs[n-1].Text)
			b.WriteString("\n\n")
		}
		return nil
	})
	if err == nil && !any {
		return "", Missing{i18n.M("error.hands.none")}
	}
	return b.String(), err
}

// FairRecord is a table's public record of its finished deals.
func (rt *Runtime) FairRecord(ctx context.Context, code string) (FairRecord, error) {
	return fairRecord(ctx, rt.db, rt.kinds, code)
}
