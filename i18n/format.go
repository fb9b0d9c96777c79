package i18n

import (
	"strconv"
	"strings"
	"time"
)

// Num writes a whole number the language's way: digits grouped by the
// catalog's number.group once the number has number.group.digits digits
// (English groups none, so tables read as they always did).
func (l *Lang) Num(n int) string {
	if l.groupMin == 0 || l.group == "" || (n < 1000 && n > -1000) {
		return strconv.Itoa(n)
	}
	var buf [32]byte
	return string(l.appendNum(buf[:0], n))
}

func (l *Lang) appendNum(b []byte, n int) []byte {
	if l.groupMin == 0 || l.group == "" || (n < 1000 && n > -1000) {
		return strconv.AppendInt(b, int64(n), 10)
	}
	var d [24]byte
	s := strconv.AppendInt(d[:0], int64(n), 10)
	if s[0] == '-' {
		b = append(b, '-')
		s = s[1:]
	}
	if len(s) < l.groupMin {
		return append(b, s...)
	}
	head := len(s) % 3
	if head == 0 {
		head = 3
	}
	b = append(b, s[:head]...)
	for i := head; i < len(s); i += 3 {
		b = append(b, l.group...)
		b = append(b, s[i:i+3]...)
	}
	return b
}

// Dec writes x rounded to places digits after the language's decimal
// separator (number.decimal), its whole part written as Num writes it:
// an average, "2.3".
func (l *Lang) Dec(x float64, places int) string {
	s := strconv.FormatFloat(x, 'f', places, 64)
	var b []byte
	if s[0] == '-' {
		b, s = append(b, '-'), s[1:]
	}
	whole, frac, _ := strings.Cut(s, ".")
	n, _ := strconv.Atoi(whole)
	b = l.appendNum(b, n)
	if frac != "" {
		b = append(append(b, l.decimal...), frac...)
	}
	return string(b)
}

// Date writes a day and time the language's way (date.time: its day,
// month's name, year, hours and minutes).
func (l *Lang) Date(t time.Time) string {
	return l.F("date.time",
		N("Day", t.Day()), K("Month", monthKeys[t.Month()-1]), S("Year", strconv.Itoa(t.Year())),
		S("Hour", pad2(t.Hour())), S("Minute", pad2(t.Minute())))
}

var monthKeys = [12]string{"month.1", "month.2", "month.3", "month.4", "month.5", "month.6",
	"month.7", "month.8", "month.9", "month.10", "month.11", "month.12"}

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}
