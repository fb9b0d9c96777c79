package handlers

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/go-webauthn/webauthn/protocol/webauthncbor"
	"github.com/go-webauthn/webauthn/protocol/webauthncose"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/db/pgtest"
	"github.com/tablegames/tables/i18n"
)

// authenticator is a software passkey, as a phone or a password manager
// keeps one: a P-256 key per credential, the user handle and relying
// party it was made for, and a counter. origin is where it believes the
// page runs (the browser says so in the client data).
type authenticator struct {
	t      *testing.T
	origin string
	rpID   string
	id     []byte
	key    *ecdsa.PrivateKey
	handle []byte
	count  uint32
}

var b64 = base64.RawURLEncoding

// authData is the authenticator data: the hash of the relying party id,
// the flags (user present and verified; attested credential data when
// made), the counter, and the new credential's id and key.
func (a *authenticator) authData(rpID string, made bool) []byte {
	h := sha256.Sum256([]byte(rpID))
	out := append([]byte{}, h[:]...)
	flags := byte(0x01 | 0x04)
	if made {
		flags |= 0x40
	}
	out = append(out, flags)
	out = binary.BigEndian.AppendUint32(out, a.count)
	if made {
		out = append(out, make([]byte, 16)...) // AAGUID: none
		out = binary.BigEndian.AppendUint16(out, uint16(len(a.id)))
		out = append(out, a.id...)
		x, y := make([]byte, 32), make([]byte, 32)
		a.key.PublicKey.X.FillBytes(x)
		a.key.PublicKey.Y.FillBytes(y)
		pk, err := webauthncbor.Marshal(webauthncose.EC2PublicKeyData{
			PublicKeyData: webauthncose.PublicKeyData{KeyType: 2, Algorithm: -7}, Curve: 1, XCoord: x, YCoord: y})
		if err != nil {
			a.t.Fatal(err)
		}
		out = append(out, pk...)
	}
	return out
}

func (a *authenticator) clientData(kind string, options []byte) []byte {
	var o struct {
		PublicKey struct {
			Challenge string `json:"challenge"`
		} `json:"publicKey"`
	}
	if err := json.Unmarshal(options, &o); err != nil || o.PublicKey.Challenge == "" {
		a.t.Fatalf("options without a challenge: %v %s", err, options)
	}
	cd, _ := json.Marshal(map[string]any{"type": kind, "challenge": o.PublicKey.Challenge, "origin": a.origin, "crossOrigin": false})
	return cd
}

// create answers navigator.credentials.create's options: a new key, an
// attestation of format none.
func (a *authenticator) create(options []byte) []byte {
	a.t.Helper()
	var o struct {
		PublicKey struct {
			RP   struct{ ID string } `json:"rp"`
			User struct{ ID string } `json:"user"`
		} `json:"publicKey"`
	}
	json.Unmarshal(options, &o)
	a.handle, _ = b64.DecodeString(o.PublicKey.User.ID)
	if a.rpID == "" {
		a.rpID = o.PublicKey.RP.ID
	}
	a.id = make([]byte, 16)
	rand.Read(a.id)
	var err error
	if a.key, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader); err != nil {
		a.t.Fatal(err)
	}
	att, err := webauthncbor.Marshal(struct {
		Fmt      string         `cbor:"fmt"`
		AttStmt  map[string]any `cbor:"attStmt"`
		AuthData []byte         `cbor:"authData"`
	}{"none", map[string]any{}, a.authData(a.rpID, true)})
	if err != nil {
		a.t.Fatal(err)
	}
	out, _ := json.Marshal(map[string]any{"id": b64.EncodeToString(a.id), "rawId": b64.EncodeToString(a.id), "type": "public-key",
		"response":               map[string]any{"clientDataJSON": b64.EncodeToString(a.clientData("webauthn.create", options)), "attestationObject": b64.EncodeToString(att)},
		"clientExtensionResults": map[string]any{}})
	return out
}

// get answers navigator.credentials.get's options with the passkey.
func (a *authenticator) get(options []byte) []byte {
	a.t.Helper()
	a.count++
	auth := a.authData(a.rpID, false)
	cd := a.clientData("webauthn.get", options)
	sum := sha256.Sum256(cd)
	digest := sha256.Sum256(append(append([]byte{}, auth...), sum[:]...)) // ES256 signs the SHA-256 of the data
	sig, err := ecdsa.SignASN1(rand.Reader, a.key, digest[:])
	if err != nil {
		a.t.Fatal(err)
	}
	out, _ := json.Marshal(map[string]any{"id": b64.EncodeToString(a.id), "rawId": b64.EncodeToString(a.id), "type": "public-key",
		"response": map[string]any{"clientDataJSON": b64.EncodeToString(cd), "authenticatorData": b64.EncodeToString(auth),
			"signature": b64.EncodeToString(sig), "userHandle": b64.EncodeToString(a.handle)},
		"clientExtensionResults": map[string]any{}})
	return out
}

// postJSON posts a body as the page's script does (fetch with the CSRF
// header): the status and the answer.
func (c *client) postJSON(path string, body []byte) (int, []byte) {
	c.t.Helper()
	req, _ := http.NewRequest("POST", c.e.http.URL+path, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-CSRF-Token", c.csrf)
	resp, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, out
}

// errorOf is the sentence of a JSON error answer.
func errorOf(body []byte) string {
	var e struct{ Error string }
	json.Unmarshal(body, &e)
	return e.Error
}

const passkeySite = "https://tables.example"

func passkeyEnv(t *testing.T) *env {
	cfg := fastConfig()
	cfg.PublicURL = passkeySite
	return newEnv(t, cfg)
}

// register makes a passkey for c's player.
func register(t *testing.T, c *client, a *authenticator) {
	t.Helper()
	status, opts := c.postJSON("/passkey/register/begin", nil)
	if status != http.StatusOK {
		t.Fatalf("register begin: %d %s", status, opts)
	}
	if status, body := c.postJSON("/passkey/register/finish", a.create(opts)); status != http.StatusOK {
		t.Fatalf("register finish: %d %s", status, body)
	}
}

// signIn signs c in with a's passkey: the status and the answer.
func signIn(t *testing.T, c *client, a *authenticator) (int, []byte) {
	t.Helper()
	status, opts := c.postJSON("/passkey/login/begin", nil)
	if status != http.StatusOK {
		t.Fatalf("login begin: %d %s", status, opts)
	}
	return c.postJSON("/passkey/login/finish", a.get(opts))
}

// TestPasskeyRestoresThePlayer: Ann, seated at a running table, keeps her
// name with a passkey; a new device (no cookie) that signs in with it is
// Ann: the same name, in her seat, and the answer lists her table. The
// options name the site as relying party; the counter is kept.
func TestPasskeyRestoresThePlayer(t *testing.T) {
	e := passkeyEnv(t)
	ann, _, code := annAndBob(e, url.Values{"seats": {"3"}, "bots": {"on"}})
	ann.get("/t/" + code)
	status, opts := ann.postJSON("/passkey/register/begin", nil)
	if status != http.StatusOK || !strings.Contains(string(opts), `"rp":{"name":"Tables","id":"tables.example"}`) ||
		!strings.Contains(string(opts), `"residentKey":"required"`) || !strings.Contains(string(opts), `"name":"Ann"`) {
		t.Fatalf("register begin: %d %s", status, opts)
	}
	key := &authenticator{t: t, origin: passkeySite}
	if status, body := ann.postJSON("/passkey/register/finish", key.create(opts)); status != http.StatusOK || !strings.Contains(string(body), "your name is kept") {
		t.Fatalf("register finish: %d %s", status, body)
	}

	phone := e.client()
	phone.get("/")
	status, body := signIn(t, phone, key)
	if status != http.StatusOK {
		t.Fatalf("sign-in: %d %s", status, body)
	}
	var out struct {
		Name   string
		Tables []playerTable
	}
	json.Unmarshal(body, &out)
	if out.Name != "Ann" || len(out.Tables) != 1 || out.Tables[0].Code != code || out.Tables[0].URL != "/t/"+code {
		t.Fatalf("the sign-in's answer: %s", body)
	}
	if _, page := phone.get("/t/" + code); !strings.Contains(page, "You are Ann, seat 1") || strings.Contains(page, `name="name"`) {
		t.Fatalf("the phone at Ann's table: %.400s", page)
	}
	if _, page := phone.get("/"); !strings.Contains(page, `value="Ann"`) {
		t.Fatal("the home page doesn't know Ann on the phone")
	}
	ks, _ := e.db.Passkeys(context.Background(), sessionPlayer(t, e, ann), "tables.example")
	if len(ks) != 1 || ks[0].SignCount != 1 {
		t.Fatalf("the stored passkey after a sign-in: %+v", ks)
	}

	// Ann renames herself; the passkey restores the new name
	ann.get("/t/" + code + "?name=change")
	if status, _, _ := ann.post("/t/"+code+"/join", url.Values{"name": {"Annie"}, "then": {"watch"}}); status != http.StatusOK {
		t.Fatalf("rename: %d", status)
	}
	tablet := e.client()
	tablet.get("/")
	if status, body := signIn(t, tablet, key); status != http.StatusOK || !strings.Contains(string(body), `"name":"Annie"`) {
		t.Fatalf("sign-in after the rename: %d %s", status, body)
	}
	// the same key can't be registered twice (the options exclude it, and
	// the store refuses it)
	status, opts = ann.postJSON("/passkey/register/begin", nil)
	if status != http.StatusOK || !strings.Contains(string(opts), `"excludeCredentials":[{"type":"public-key","id":"`+b64.EncodeToString(key.id)) {
		t.Fatalf("a second register begin: %d %s", status, opts)
	}
}

// sessionPlayer is the player id of c's session, from the store.
func sessionPlayer(t *testing.T, e *env, c *client) string {
	t.Helper()
	u, _ := url.Parse(e.http.URL)
	req, _ := http.NewRequest("GET", e.http.URL, nil)
	for _, k := range c.http.Jar.Cookies(u) {
		req.AddCookie(k)
	}
	sess, err := e.srv.store.Get(req, sessionName)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := sess.Values["player"].(string)
	return p
}

// TestPasskeyRefusals: what a ceremony refuses, each with a sentence and
// no change of identity: a visitor without a name registering, a finish
// without a begin, or twice, or of the other kind; an unreadable answer;
// an answer made at another origin or for another site; an unknown
// passkey; a replayed sign-in; a post without the CSRF token; and the
// rate limit.
func TestPasskeyRefusals(t *testing.T) {
	e := passkeyEnv(t)
	nobody := e.client()
	nobody.get("/")
	if status, body := nobody.postJSON("/passkey/register/begin", nil); status != http.StatusForbidden || !strings.Contains(errorOf(body), "Give your name first") {
		t.Fatalf("register without a name: %d %s", status, body)
	}
	for _, path := range []string{"/passkey/register/finish", "/passkey/login/finish"} {
		if status, body := nobody.postJSON(path, []byte(`{}`)); status != http.StatusBadRequest || errorOf(body) != i18n.English().T(msgCeremonyGone) {
			t.Fatalf("%s without a begin: %d %s", path, status, body)
		}
	}

	ann := e.client()
	code := ann.createTable("Ann", url.Values{"seats": {"3"}})
	ann.get("/t/" + code)
	// unreadable answers, then a finish of a used ceremony
	for _, junk := range []string{``, `not json`, `{"id":"x","type":"public-key","response":{}}`, `{"rawId":"` + strings.Repeat("A", 3000) + `"}`} {
		status, _ := ann.postJSON("/passkey/register/begin", nil)
		if status != http.StatusOK {
			t.Fatalf("begin: %d", status)
		}
		status, body := ann.postJSON("/passkey/register/finish", []byte(junk))
		if status != http.StatusBadRequest || !strings.Contains(errorOf(body), "could not be read") {
			t.Fatalf("junk %.20q: %d %s", junk, status, body)
		}
		if status, body := ann.postJSON("/passkey/register/finish", []byte(junk)); status != http.StatusBadRequest || errorOf(body) != i18n.English().T(msgCeremonyGone) {
			t.Fatalf("a second finish: %d %s", status, body)
		}
	}
	// a registration made at another origin, or for another site
	for _, a := range []*authenticator{{t: t, origin: "https://evil.example"}, {t: t, origin: passkeySite, rpID: "evil.example"},
		{t: t, origin: "http://tables.example"}} {
		status, opts := ann.postJSON("/passkey/register/begin", nil)
		if status != http.StatusOK {
			t.Fatalf("begin: %d", status)
		}
		if status, body := ann.postJSON("/passkey/register/finish", a.create(opts)); status != http.StatusBadRequest || errorOf(body) != i18n.English().T(msgPasskeyBad) {
			t.Fatalf("a passkey made at %s for %q: %d %s", a.origin, a.rpID, status, body)
		}
	}
	if ks, _ := e.db.Passkeys(context.Background(), sessionPlayer(t, e, ann), "tables.example"); len(ks) != 0 {
		t.Fatalf("refused passkeys were stored: %d", len(ks))
	}
	// a register ceremony can't finish a sign-in
	ann.postJSON("/passkey/register/begin", nil)
	if status, body := ann.postJSON("/passkey/login/finish", []byte(`{}`)); status != http.StatusBadRequest || errorOf(body) != i18n.English().T(msgCeremonyGone) {
		t.Fatalf("a login finished with a register ceremony: %d %s", status, body)
	}

	key := &authenticator{t: t, origin: passkeySite}
	register(t, ann, key)

	// a sign-in from a page at another origin is refused: the thief's
	// session stays nobody's
	thief := e.client()
	thief.get("/")
	phished := *key
	phished.origin = "https://tables.example.evil.test"
	if status, body := signIn(t, thief, &phished); status != http.StatusUnauthorized || errorOf(body) != i18n.English().T(msgPasskeyBad) {
		t.Fatalf("a sign-in from another origin: %d %s", status, body)
	}
	if p := sessionPlayer(t, e, thief); p != "" {
		t.Fatalf("the refused sign-in made the thief player %q", p)
	}
	// an assertion for another relying party
	other := *key
	other.rpID = "evil.example"
	if status, body := signIn(t, thief, &other); status != http.StatusUnauthorized {
		t.Fatalf("a sign-in for another site: %d %s", status, body)
	}
	// an unknown passkey
	stranger := &authenticator{t: t, origin: passkeySite}
	stranger.create([]byte(`{"publicKey":{"challenge":"AAAAAAAAAAAAAAAAAAAAAA","rp":{"id":"tables.example"},"user":{"id":"AAAA"}}}`))
	if status, body := signIn(t, thief, stranger); status != http.StatusUnauthorized || !strings.Contains(errorOf(body), "not known here") {
		t.Fatalf("an unknown passkey: %d %s", status, body)
	}
	// a good sign-in, replayed: the ceremony is used up
	status, opts := thief.postJSON("/passkey/login/begin", nil)
	if status != http.StatusOK {
		t.Fatal(status)
	}
	answer := key.get(opts)
	if status, body := thief.postJSON("/passkey/login/finish", answer); status != http.StatusOK {
		t.Fatalf("the sign-in: %d %s", status, body)
	}
	if status, body := thief.postJSON("/passkey/login/finish", answer); status != http.StatusBadRequest || errorOf(body) != i18n.English().T(msgCeremonyGone) {
		t.Fatalf("a replayed sign-in: %d %s", status, body)
	}
	// the same answer under a new ceremony: the challenge differs
	thief2 := e.client()
	thief2.get("/")
	thief2.postJSON("/passkey/login/begin", nil)
	if status, body := thief2.postJSON("/passkey/login/finish", answer); status != http.StatusUnauthorized {
		t.Fatalf("an old answer for a new ceremony: %d %s", status, body)
	}
	// a counter that goes back (a copied key) is refused
	copied := *key
	copied.count = 0
	if status, body := signIn(t, thief2, &copied); status != http.StatusUnauthorized || !strings.Contains(errorOf(body), "counter") {
		t.Fatalf("a counter gone back: %d %s", status, body)
	}

	// CSRF: a post without the token (and no fetch metadata) is refused
	bare := e.client()
	req, _ := http.NewRequest("POST", e.http.URL+"/passkey/login/begin", nil)
	resp, err := bare.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a begin without the CSRF token: %d", resp.StatusCode)
	}
}

// TestPasskeyLimits: an address begins 20 ceremonies, then one every 30
// seconds; a session 10, then one a minute.
func TestPasskeyLimits(t *testing.T) {
	e := passkeyEnv(t)
	c := e.client()
	c.get("/")
	for i := 1; i <= 20; i++ {
		if status, body := c.postJSON("/passkey/login/begin", nil); status != http.StatusOK {
			t.Fatalf("begin %d: %d %s", i, status, body)
		}
	}
	if status, body := c.postJSON("/passkey/login/begin", nil); status != http.StatusTooManyRequests || errorOf(body) != i18n.English().T(msgPasskeyLimit) {
		t.Fatalf("begin 21: %d %s", status, body)
	}

	cfg := fastConfig()
	cfg.PublicURL = passkeySite
	cfg.Limits = Limits{PasskeysPerSession: Limit{Burst: 10, Every: time.Minute}}
	e2 := newEnv(t, cfg)
	ann := e2.client()
	ann.createTable("Ann", url.Values{"seats": {"3"}})
	for i := 1; i <= 10; i++ {
		if status, body := ann.postJSON("/passkey/register/begin", nil); status != http.StatusOK {
			t.Fatalf("register begin %d: %d %s", i, status, body)
		}
	}
	if status, _ := ann.postJSON("/passkey/register/begin", nil); status != http.StatusTooManyRequests {
		t.Fatalf("register begin 11: %d", status)
	}
}

// TestPasskeyConfiguration: the relying party comes from the configured
// site (-public-url) only; without one there are no passkeys, whatever the
// Host header says; an IP address can't be one, and a cluster offers no
// passkeys.
func TestPasskeyConfiguration(t *testing.T) {
	e := newEnv(t, fastConfig()) // no public URL
	c := e.client()
	if _, page := c.get("/"); strings.Contains(page, "passkey-box") {
		t.Error("the home page offers passkeys without a public URL")
	}
	if status, body := hostJSON(t, c, "cards.example:8080", "/passkey/login/begin"); status != http.StatusNotFound {
		t.Fatalf("begin by a host name without a public URL: %d %s", status, body)
	}
	cfg := fastConfig()
	cfg.PasskeyURL = "http://127.0.0.1:8080"
	ip := newEnv(t, cfg).client()
	ip.get("/")
	if status, body := ip.postJSON("/passkey/login/begin", nil); status != http.StatusServiceUnavailable || !strings.Contains(errorOf(body), "IP address") {
		t.Fatalf("begin at an IP address: %d %s", status, body)
	}
}

// hostJSON posts to path as c with a forged Host header.
func hostJSON(t *testing.T, c *client, host, path string) (int, []byte) {
	t.Helper()
	c.get("/")
	req, _ := http.NewRequest("POST", c.e.http.URL+path, nil)
	req.Host = host
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-CSRF-Token", c.csrf)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, body
}

// TestForgedHostTakesNoPasskey (issue 40, item 15): the relying party and
// the allowed origin never come from a request. The attack: a page at
// another port of the site's host name (which the browser lets ask for
// the site's passkeys) has the victim's browser sign a sign-in, and
// relays it with a Host header naming that port. Without a public URL
// there are no passkeys to take; with one, the ceremony is the public
// URL's whatever the Host, and the relayed signature is refused.
func TestForgedHostTakesNoPasskey(t *testing.T) {
	// no public URL: no ceremony at all, whatever the Host
	e := newEnv(t, fastConfig())
	for _, host := range []string{"tables.example", "tables.example:9999", "localhost:8080"} {
		if status, body := hostJSON(t, e.client(), host, "/passkey/login/begin"); status != http.StatusNotFound || strings.Contains(string(body), "rpId") {
			t.Errorf("login begin with Host %s and no public URL: %d %s", host, status, body)
		}
	}

	// a public URL: Ann keeps her name; the attacker forges the Host
	e = passkeyEnv(t)
	ann := e.client()
	code := ann.createTable("Ann", url.Values{"seats": {"3"}})
	ann.get("/t/" + code)
	key := &authenticator{t: t, origin: passkeySite}
	register(t, ann, key)

	mallory := e.client()
	status, opts := hostJSON(t, mallory, "tables.example:9999", "/passkey/login/begin")
	if status != http.StatusOK || !strings.Contains(string(opts), `"rpId":"tables.example"`) {
		t.Fatalf("login begin with a forged Host: %d %s", status, opts)
	}
	// the victim's browser signs at the sibling port's origin
	key.origin = "https://tables.example:9999"
	req, _ := http.NewRequest("POST", e.http.URL+"/passkey/login/finish", bytes.NewReader(key.get(opts)))
	req.Host = "tables.example:9999"
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-CSRF-Token", mallory.csrf)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := mallory.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode == http.StatusOK || strings.Contains(string(body), code) {
		t.Fatalf("a sign-in relayed from another origin: %d %s", resp.StatusCode, body)
	}
	if _, page := mallory.get("/me"); strings.Contains(page, code) {
		t.Fatal("the attacker's /me lists Ann's table")
	}
}

// TestCeremoniesOnce: a ceremony is taken once, of its kind, before it
// expires, whichever machine of a cluster takes it (the database keeps it).
func TestCeremoniesOnce(t *testing.T) {
	ctx := context.Background()
	addr := pgtest.NewDatabase(t)
	open := func() ceremonies {
		d, err := db.Open(ctx, addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		return ceremonies{d}
	}
	cs, other := open(), open() // two machines
	now := time.Now()
	put := func() string {
		id, err := cs.put(ctx, &ceremony{kind: ceremonyLogin, name: "Ann", expires: now.Add(time.Minute)}, now)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	id := put()
	if c, _ := other.take(ctx, id, ceremonyRegister, now); c != nil {
		t.Fatal("taken as the other kind")
	}
	if c, _ := other.take(ctx, id, ceremonyLogin, now); c != nil {
		t.Fatal("taken after a wrong take: a ceremony is tried once")
	}
	id = put()
	if c, _ := other.take(ctx, id, ceremonyLogin, now.Add(time.Minute)); c != nil {
		t.Fatal("taken when it expired")
	}
	id = put()
	if c, _ := other.take(ctx, id, ceremonyLogin, now); c == nil || c.name != "Ann" {
		t.Fatalf("not taken on the other machine: %+v", c)
	}
	if c, _ := cs.take(ctx, id, ceremonyLogin, now); c != nil {
		t.Fatal("taken twice")
	}
	id = put()
	cs.prune(ctx, now.Add(2*time.Minute))
	if c, _ := cs.take(ctx, id, ceremonyLogin, now); c != nil {
		t.Fatal("a ceremony survived the prune")
	}
}
