package pushtest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// Service is a push service (RFC 8030) a test runs: it keeps what it is
// sent, per device (the last element of the endpoint's path: URL +
// "/push/" + device), and answers each device's pushes with the status
// the test sets (201 by default), or holds them while Hang is on.
type Service struct {
	URL  string
	srv  *httptest.Server
	mu   sync.Mutex
	got  map[string][]Push
	code map[string]int
	hang chan struct{}
	came chan string
}

// Push is one push as it arrived.
type Push struct {
	Header http.Header
	Body   []byte
}

// NewService starts a push service, stopped when the test ends.
func NewService(t testing.TB) *Service {
	s := &Service{got: map[string][]Push{}, code: map[string]int{}, came: make(chan string, 1000)}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		device := strings.TrimPrefix(r.URL.Path, "/push/")
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		hang := s.hang
		s.mu.Unlock()
		if hang != nil {
			select {
			case <-hang:
			case <-r.Context().Done():
				return // the sender gave up
			}
		}
		s.mu.Lock()
		s.got[device] = append(s.got[device], Push{r.Header.Clone(), body})
		code := s.code[device]
		s.mu.Unlock()
		if code == 0 {
			code = http.StatusCreated
		}
		w.WriteHeader(code)
		s.came <- device
	}))
	s.URL = s.srv.URL
	t.Cleanup(s.srv.Close)
	return s
}

// Endpoint is a device's endpoint at this service.
func (s *Service) Endpoint(device string) string { return s.URL + "/push/" + device }

// Answer makes the service answer the device's pushes with code.
func (s *Service) Answer(device string, code int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.code[device] = code
}

// Hang holds every push from now on until release is closed (or the
// sender gives up).
func (s *Service) Hang(release chan struct{}) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hang = release
}

// Next waits for the next push to be answered and returns its device.
func (s *Service) Next(t testing.TB) string {
	t.Helper()
	select {
	case d := <-s.came:
		return d
	case <-time.After(20 * time.Second):
		t.Fatal("no push arrived")
		return ""
	}
}

// Pushes are the pushes the device was sent, in order.
func (s *Service) Pushes(device string) []Push {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Push(nil), s.got[device]...)
}
