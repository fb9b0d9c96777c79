// Package clubs is what a club counts (issue 41): its points by place,
// the league of a season from the results at its tables, and the chart
// of the league's leaders over the season's evenings.
//
// It owns the rules of a club: what a name and a scale may be, how a
// place turns into points, how results add up into a league and how the
// leaders are drawn. It reads only what it is given: the members, the
// evenings' Tonight tables and the places of the games finished at the
// club's tables, which the database keeps as each room hands them over
// (room/club.go, db/clubs.go).
//
// It must never load a room or touch a table's state or log, never know
// HTTP, and never put a player id in anything it returns for a page (a
// Standing keeps it only to mark the viewer's own row).
package clubs

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// DefaultScale is the points by place a new club counts: Formula 1's
// short scale, generous to the first places and still a point for sixth.
const DefaultScale = "10,7,5,3,2,1"

// MaxNameLen bounds a club's name, in characters.
const MaxNameLen = 40

// ErrName is a club name that is empty, too long or not printable; ErrScale
// a scale that is not 1 to 10 whole numbers from 0 to 100, best first.
var (
	ErrName  = errors.New("club name: 1 to 40 printable characters")
	ErrScale = errors.New("points by place: 1 to 10 numbers from 0 to 100, never more for a worse place")
)

// CheckName is a club's name as typed, trimmed, or ErrName.
func CheckName(s string) (string, error) {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" || utf8.RuneCountInString(s) > MaxNameLen || !utf8.ValidString(s) {
		return "", ErrName
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return "", ErrName
		}
	}
	return s, nil
}

// Scale is a club's points by place: Scale[0] for a first place, and
// nothing past its end.
type Scale []int

// ParseScale reads a scale as typed ("10, 7, 5" or "10 7 5").
func ParseScale(s string) (Scale, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || unicode.IsSpace(r) })
	if len(fields) == 0 || len(fields) > 10 {
		return nil, ErrScale
	}
	out := make(Scale, len(fields))
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n > 100 || (i > 0 && n > out[i-1]) {
			return nil, ErrScale
		}
		out[i] = n
	}
	return out, nil
}

// String is the scale as the database keeps it: "10,7,5".
func (s Scale) String() string {
	parts := make([]string, len(s))
	for i, n := range s {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ",")
}

// Points are a place's points (place 1 the best); 0 past the scale.
func (s Scale) Points(place int) int {
	if place < 1 || place > len(s) {
		return 0
	}
	return s[place-1]
}
