package db

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"errors"
	"strings"
	"time"
)

// Bot is a remote bot: a program that plays a seat through the bot API.
// Room is set for a seat's bot (its token plays at that table only) and
// empty for a bot identity a player made (any host may invite it).
type Bot struct {
	ID      string
	Name    string
	Owner   string // the player who made it
	Room    string
	Created time.Time
	Revoked bool
}

// Player is the bot's player id at a table.
func (b Bot) Player() string { return BotPlayer(b.ID) }

// BotPlayer is the player id at a table of the bot with that id.
func BotPlayer(id string) string { return "bot:" + id }

// ErrBotToken is a token that is no bot's live token.
var ErrBotToken = errors.New("no bot has this token")

// newBotToken is a fresh token and its SHA-256: "tb_", then for a seat's
// bot its table's code and "_", then 32 URL-safe characters (192 bits).
// The code lets a machine of a cluster send a request that names no table
// (GET /api/bots/v1/me) to the machine that knows the token (BotTokenRoom).
func newBotToken(room string) (token string, sum []byte) {
	b := make([]byte, 24)
	rand.Read(b)
	token = "tb_"
	if room != "" {
		token += room + "_"
	}
	token += base64.RawURLEncoding.EncodeToString(b)
	h := sha256.Sum256([]byte(token))
	return token, h[:]
}

// BotTokenRoom is the table code a seat's bot's token starts with (what
// newBotToken put there), or "" for another token. It proves nothing:
// only the token's hash in the database does.
func BotTokenRoom(token string) string {
	rest, ok := strings.CutPrefix(token, "tb_")
	if !ok {
		return ""
	}
	code, random, ok := strings.Cut(rest, "_")
	if !ok || len(random) != 32 || len(code) < 4 || len(code) > 12 {
		return ""
	}
	for _, r := range code {
		if !('A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return ""
		}
	}
	return code
}

// CreateBot makes a bot (b.ID is chosen here) and returns it with its
// token, which is stored only as its SHA-256.
func (d *DB) CreateBot(ctx context.Context, b Bot, now time.Time) (Bot, string, error) {
	id := make([]byte, 9)
	rand.Read(id)
	b.ID, b.Created, b.Revoked = base64.RawURLEncoding.EncodeToString(id), now, false
	token, sum := newBotToken(b.Room)
	_, err := d.w.ExecContext(ctx, `INSERT INTO bots(id, name, owner, room, token, created) VALUES ($1, $2, $3, $4, $5, $6)`,
		b.ID, b.Name, b.Owner, b.Room, sum, now.UnixMilli())
	if err != nil {
		return Bot{}, "", err
	}
	return b, token, nil
}

// BotByToken is the bot whose live token this is; ErrBotToken otherwise.
func (d *DB) BotByToken(ctx context.Context, token string) (Bot, error) {
	sum := sha256.Sum256([]byte(token))
	b, err := scanBot(d.r.QueryRowContext(ctx, `SELECT id, name, owner, room, created, revoked FROM bots WHERE token = $1 AND revoked = 0`, sum[:]))
	if errors.Is(err, ErrNotFound) {
		return Bot{}, ErrBotToken
	}
	return b, err
}

// BotByID is a bot by its id; ErrNotFound when there is none.
func (d *DB) BotByID(ctx context.Context, id string) (Bot, error) {
	return scanBot(d.r.QueryRowContext(ctx, `SELECT id, name, owner, room, created, revoked FROM bots WHERE id = $1`, id))
}

// BotsOf are the bot identities a player made (not seats' bots), newest
// first.
func (d *DB) BotsOf(ctx context.Context, owner string) ([]Bot, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT id, name, owner, room, created, revoked FROM bots WHERE owner = $1 AND room = '' ORDER BY created DESC`, owner)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Bot
	for rows.Next() {
		b, err := scanBot(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// RevokeBotToken ends a bot's token: nothing it opens or posts is taken
// from then on. ErrNotFound when owner made no bot with that id.
func (d *DB) RevokeBotToken(ctx context.Context, id, owner string, now time.Time) error {
	res, err := d.w.ExecContext(ctx, `UPDATE bots SET revoked = $1 WHERE id = $2 AND owner = $3`, now.UnixMilli(), id, owner)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// NewBotTokenFor gives a bot a new token, ending the old one; only its
// owner may. ErrNotFound when owner made no bot with that id.
func (d *DB) NewBotTokenFor(ctx context.Context, id, owner string) (string, error) {
	var room string
	err := d.r.QueryRowContext(ctx, `SELECT room FROM bots WHERE id = $1 AND owner = $2`, id, owner).Scan(&room)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", err
	}
	token, sum := newBotToken(room)
	res, err := d.w.ExecContext(ctx, `UPDATE bots SET token = $1, revoked = 0 WHERE id = $2 AND owner = $3`, sum, id, owner)
	if err != nil {
		return "", err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return "", ErrNotFound
	}
	return token, nil
}

// DeleteBot forgets a bot that was never seated (its table refused it).
func (d *DB) DeleteBot(ctx context.Context, id string) error {
	_, err := d.w.ExecContext(ctx, `DELETE FROM bots WHERE id = $1`, id)
	return err
}

func scanBot(row interface{ Scan(...any) error }) (Bot, error) {
	var b Bot
	var created, revoked int64
	err := row.Scan(&b.ID, &b.Name, &b.Owner, &b.Room, &created, &revoked)
	if errors.Is(err, sql.ErrNoRows) {
		return Bot{}, ErrNotFound
	}
	if err != nil {
		return Bot{}, err
	}
	b.Created, b.Revoked = time.UnixMilli(created), revoked != 0
	return b, nil
}
