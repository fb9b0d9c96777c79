package e2e

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// TestSigtermIsGraceful: SIGTERM closes open sockets with 1012 (browsers
// reconnect to the next process) and the process exits within the 10 s a
// platform gives it.
func TestSigtermIsGraceful(t *testing.T) {
	srv := startServer(t, t.TempDir(), "")
	code := createAndStart(t, srv.url, crashTables[0])
	conn, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(srv.url, "http")+"/t/"+code+"/ws", http.Header{"Origin": {srv.url}})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.ReadMessage()
	closed := make(chan error, 1)
	go func() {
		for {
			if _, _, err := conn.ReadMessage(); err != nil {
				closed <- err
				return
			}
		}
	}()
	took := srv.stop()
	if took > 10*time.Second {
		t.Fatalf("exit took %v", took)
	}
	if err := <-closed; !websocket.IsCloseError(err, websocket.CloseServiceRestart) {
		t.Fatalf("socket closed with %v, want 1012", err)
	}
	if code := srv.cmd.ProcessState.ExitCode(); code != 0 {
		t.Fatalf("exit code %d", code)
	}
	t.Logf("graceful exit in %v", took)
}
