package db

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Clubs (issue 41): a club's row, its members, seasons and tables, and
// each table's Tonight table as its room last saw it. The db keeps what
// it is given: what a club may do, and how a league counts, is the clubs
// package's.

// Club is a club's row. Owner and Invite are secrets of the server and
// the owner: no page shows the one, only the owner's the other.
type Club struct {
	Handle  string
	Name    string
	Owner   string
	Invite  string
	Public  bool
	Scale   string
	Season  int // the season running, 0 for none
	Seasons int
	Created time.Time
}

// ClubMember is one member of a club: Num names them in the club's forms
// (never their player id); Handle is their public handle, if they have one.
type ClubMember struct {
	Num    int
	Player string
	Name   string
	Handle string
	Joined time.Time
}

// ClubSeason is one season's span; Ended is zero while it runs.
type ClubSeason struct {
	Number  int
	Started time.Time
	Ended   time.Time
}

// ClubTable is one of a club's tables: one evening.
type ClubTable struct {
	Club     string
	ClubName string
	Room     string
	Kind     string
	Season   int
	Created  time.Time
	Tonight  []byte // the room's Tonight table as given; nil before anything finished
	Updated  time.Time
}

// ClubPlacing is a member's place in one finished game at a club's table.
type ClubPlacing struct {
	Room     string
	Game     int
	Kind     string
	Player   string
	Place    int
	Finished time.Time
}

// NewClub makes a club with its owner its first member and its first
// season running, and returns it (its handle and invite drawn here).
func (d *DB) NewClub(ctx context.Context, name, owner, ownerName string, public bool, scale string, at time.Time) (Club, error) {
	c := Club{Name: name, Owner: owner, Public: public, Scale: scale, Season: 1, Seasons: 1, Created: at}
	ms := at.UnixMilli()
	for attempt := 0; ; attempt++ {
		c.Handle, c.Invite = newHandle(), token(16)
		err := d.tx(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, `INSERT INTO clubs(handle, name, owner, invite, public, scale, season, seasons, created)
				VALUES ($1, $2, $3, $4, $5, $6, 1, 1, $7)`, c.Handle, name, owner, c.Invite, flag(public), scale, ms); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO club_members(club, player, num, name, joined) VALUES ($1, $2, 1, $3, $4)`,
				c.Handle, owner, ownerName, ms); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO club_seasons(club, number, started) VALUES ($1, 1, $2)`, c.Handle, ms)
			return err
		})
		if err != nil && isConstraint(err) && attempt < 5 {
			continue // a handle drawn twice: draw again
		}
		return c, err
	}
}

// clubColumns are what scanClub reads, of clubs c.
const clubColumns = `c.handle, c.name, c.owner, c.invite, c.public, c.scale, c.season, c.seasons, c.created`

func scanClub(row interface{ Scan(...any) error }) (Club, error) {
	var c Club
	var at int64
	err := row.Scan(&c.Handle, &c.Name, &c.Owner, &c.Invite, &c.Public, &c.Scale, &c.Season, &c.Seasons, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return Club{}, ErrNotFound
	}
	c.Created = time.UnixMilli(at)
	return c, err
}

// Club is the club of a handle; ErrNotFound for none.
func (d *DB) Club(ctx context.Context, handle string) (Club, error) {
	return scanClub(d.r.QueryRowContext(ctx, `SELECT `+clubColumns+` FROM clubs c WHERE c.handle = $1`, handle))
}

// ClubsOf are the clubs a person belongs to, the newest first.
func (d *DB) ClubsOf(ctx context.Context, player string) ([]Club, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT `+clubColumns+`
		FROM club_members m JOIN clubs c ON c.handle = m.club WHERE m.player = $1 ORDER BY m.joined DESC LIMIT 50`, player)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Club
	for rows.Next() {
		c, err := scanClub(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// JoinClub makes a person a member of a club by its invite: ErrNotFound
// when the invite is not the club's now (a new one ended it). A member
// joining again keeps their number and takes the new name. It reports
// whether they are new.
func (d *DB) JoinClub(ctx context.Context, handle, invite, player, name string, at time.Time) (bool, error) {
	joined := false
	err := d.tx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM clubs WHERE handle = $1 AND invite = $2`, handle, invite).Scan(&n); err != nil {
			return err
		}
		if n == 0 || invite == "" {
			return ErrNotFound
		}
		res, err := tx.ExecContext(ctx, `UPDATE club_members SET name = $3 WHERE club = $1 AND player = $2`, handle, player, name)
		if err != nil {
			return err
		}
		if k, err := res.RowsAffected(); err != nil || k > 0 {
			return err
		}
		joined = true
		_, err = tx.ExecContext(ctx, `INSERT INTO club_members(club, player, num, name, joined)
			VALUES ($1, $2, (SELECT COALESCE(MAX(num), 0) + 1 FROM club_members WHERE club = $1), $3, $4)`, handle, player, name, at.UnixMilli())
		return err
	})
	return joined, err
}

// ClubMember is a person's membership of a club; ok false when they are
// not a member.
func (d *DB) ClubMember(ctx context.Context, handle, player string) (m ClubMember, ok bool, err error) {
	if player == "" {
		return m, false, nil
	}
	var at int64
	err = d.r.QueryRowContext(ctx, `SELECT num, name, joined FROM club_members WHERE club = $1 AND player = $2`, handle, player).
		Scan(&m.Num, &m.Name, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return m, false, nil
	}
	m.Player, m.Joined = player, time.UnixMilli(at)
	return m, err == nil, err
}

// ClubMembers are a club's members by number (the owner first), with
// their public handles where they have one.
func (d *DB) ClubMembers(ctx context.Context, handle string) ([]ClubMember, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT m.num, m.player, m.name, COALESCE(p.handle, ''), m.joined
		FROM club_members m LEFT JOIN players p ON p.player = m.player WHERE m.club = $1 ORDER BY m.num`, handle)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []ClubMember
	for rows.Next() {
		var m ClubMember
		var at int64
		if err := rows.Scan(&m.Num, &m.Player, &m.Name, &m.Handle, &at); err != nil {
			return nil, err
		}
		m.Joined = time.UnixMilli(at)
		out = append(out, m)
	}
	return out, rows.Err()
}

// RemoveClubMember takes a member (by number) out of a club; the owner
// stays. It reports whether someone was removed.
func (d *DB) RemoveClubMember(ctx context.Context, handle string, num int) (bool, error) {
	res, err := d.w.ExecContext(ctx, `DELETE FROM club_members WHERE club = $1 AND num = $2
		AND player <> (SELECT owner FROM clubs WHERE handle = $1)`, handle, num)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// NewClubInvite draws a club's invite again: the old link stops working.
func (d *DB) NewClubInvite(ctx context.Context, handle string) (string, error) {
	t := token(16)
	_, err := d.w.ExecContext(ctx, `UPDATE clubs SET invite = $2 WHERE handle = $1`, handle, t)
	return t, err
}

// SetClubSettings sets who may read a club's page and its points by place.
func (d *DB) SetClubSettings(ctx context.Context, handle string, public bool, scale string) error {
	_, err := d.w.ExecContext(ctx, `UPDATE clubs SET public = $2, scale = $3 WHERE handle = $1`, handle, flag(public), scale)
	return err
}

// StartClubSeason ends the season running, if any, and starts the next;
// it returns the new season's number.
func (d *DB) StartClubSeason(ctx context.Context, handle string, at time.Time) (int, error) {
	var n int
	err := d.tx(ctx, func(tx *sql.Tx) error {
		if err := endSeason(ctx, tx, handle, at); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, `UPDATE clubs SET seasons = seasons + 1, season = seasons + 1 WHERE handle = $1 RETURNING seasons`, handle).Scan(&n); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO club_seasons(club, number, started) VALUES ($1, $2, $3)`, handle, n, at.UnixMilli())
		return err
	})
	return n, err
}

// EndClubSeason ends the season running: none runs until the next starts.
func (d *DB) EndClubSeason(ctx context.Context, handle string, at time.Time) error {
	return d.tx(ctx, func(tx *sql.Tx) error { return endSeason(ctx, tx, handle, at) })
}

func endSeason(ctx context.Context, tx *sql.Tx, handle string, at time.Time) error {
	if _, err := tx.ExecContext(ctx, `UPDATE club_seasons SET ended = $2 WHERE club = $1 AND ended IS NULL
		AND number = (SELECT season FROM clubs WHERE handle = $1)`, handle, at.UnixMilli()); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `UPDATE clubs SET season = 0 WHERE handle = $1`, handle)
	return err
}

// ClubSeasons are a club's seasons, the newest first.
func (d *DB) ClubSeasons(ctx context.Context, handle string) ([]ClubSeason, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT number, started, COALESCE(ended, 0) FROM club_seasons WHERE club = $1 ORDER BY number DESC`, handle)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []ClubSeason
	for rows.Next() {
		var s ClubSeason
		var a, b int64
		if err := rows.Scan(&s.Number, &a, &b); err != nil {
			return nil, err
		}
		s.Started = time.UnixMilli(a)
		if b != 0 {
			s.Ended = time.UnixMilli(b)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// AddClubTable makes a table one of a club's, in the season running now.
func (d *DB) AddClubTable(ctx context.Context, handle, room, kind string, at time.Time) error {
	_, err := d.w.ExecContext(ctx, `INSERT INTO club_tables(room, club, season, kind, created)
		SELECT $2, handle, season, $3, $4 FROM clubs WHERE handle = $1`, handle, room, kind, at.UnixMilli())
	return err
}

// ClubTonight keeps a club table's Tonight table as its room sees it now
// (a table that is no club's: nothing).
func (d *DB) ClubTonight(ctx context.Context, room string, tonight []byte, at time.Time) error {
	_, err := d.w.ExecContext(ctx, `UPDATE club_tables SET tonight = $2, updated = $3 WHERE room = $1`, room, string(tonight), at.UnixMilli())
	return err
}

const clubTableColumns = `t.club, c.name, t.room, t.kind, t.season, t.created, COALESCE(t.tonight, ''), COALESCE(t.updated, 0)`

func scanClubTables(rows *sql.Rows, err error) ([]ClubTable, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []ClubTable
	for rows.Next() {
		var t ClubTable
		var a, b int64
		var tonight string
		if err := rows.Scan(&t.Club, &t.ClubName, &t.Room, &t.Kind, &t.Season, &a, &tonight, &b); err != nil {
			return nil, err
		}
		t.Created, t.Updated = time.UnixMilli(a), time.UnixMilli(b)
		if tonight != "" {
			t.Tonight = []byte(tonight)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// ClubOpenTables are a club's open tables, the newest first.
func (d *DB) ClubOpenTables(ctx context.Context, handle string) ([]ClubTable, error) {
	return scanClubTables(d.r.QueryContext(ctx, `SELECT `+clubTableColumns+` FROM club_tables t JOIN clubs c ON c.handle = t.club
		JOIN rooms r ON r.code = t.room WHERE t.club = $1 AND r.status = $2 ORDER BY t.created DESC LIMIT 50`, handle, StatusOpen))
}

// ClubEvenings are a club's tables where something finished, in one
// season (season < 0: every season), the oldest first, at most limit.
func (d *DB) ClubEvenings(ctx context.Context, handle string, season, limit int) ([]ClubTable, error) {
	return scanClubTables(d.r.QueryContext(ctx, `SELECT `+clubTableColumns+` FROM club_tables t JOIN clubs c ON c.handle = t.club
		WHERE t.club = $1 AND ($2 < 0 OR t.season = $2) AND t.tonight IS NOT NULL ORDER BY t.created, t.room LIMIT $3`, handle, season, limit))
}

// PlayingClubs are the open tables of the clubs a person belongs to.
func (d *DB) PlayingClubs(ctx context.Context, player string) ([]ClubTable, error) {
	return scanClubTables(d.r.QueryContext(ctx, `SELECT `+clubTableColumns+` FROM club_members m JOIN club_tables t ON t.club = m.club
		JOIN clubs c ON c.handle = t.club JOIN rooms r ON r.code = t.room
		WHERE m.player = $1 AND r.status = $2 ORDER BY t.created DESC LIMIT 20`, player, StatusOpen))
}

// ClubPlacings are the places people took in the games finished at a
// club's tables of one season (season < 0: every season), bots aside.
func (d *DB) ClubPlacings(ctx context.Context, handle string, season int) ([]ClubPlacing, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT r.room, r.game, r.kind, r.player, r.place, r.finished
		FROM club_tables t JOIN results r ON r.room = t.room
		WHERE t.club = $1 AND ($2 < 0 OR t.season = $2) ORDER BY r.finished, r.room, r.game`, handle, season)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []ClubPlacing
	for rows.Next() {
		var p ClubPlacing
		var at int64
		if err := rows.Scan(&p.Room, &p.Game, &p.Kind, &p.Player, &p.Place, &at); err != nil {
			return nil, err
		}
		p.Finished = time.UnixMilli(at)
		out = append(out, p)
	}
	return out, rows.Err()
}
