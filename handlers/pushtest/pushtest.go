// Package pushtest is a browser's side of Web Push, for tests: a
// device's keys, and the opening of a push as the browser does it (RFC
// 8291 over RFC 8188's aes128gcm), written from the RFCs, apart from the
// library that sends (webpush-go), and the check of the sender's VAPID
// token (RFC 8292).
package pushtest

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"

	"golang.org/x/crypto/hkdf"
)

// Device is a browser's side of a subscription: its P-256 key pair and
// its 16-byte auth secret.
type Device struct {
	Key  *ecdh.PrivateKey
	Auth []byte
}

// NewDevice makes a device's keys.
func NewDevice() (*Device, error) {
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	auth := make([]byte, 16)
	rand.Read(auth)
	return &Device{Key: key, Auth: auth}, nil
}

// Keys are the subscription's keys as PushSubscription.toJSON() gives
// them (base64url): p256dh and auth.
func (d *Device) Keys() map[string]string {
	b64 := base64.RawURLEncoding.EncodeToString
	return map[string]string{"p256dh": b64(d.Key.PublicKey().Bytes()), "auth": b64(d.Auth)}
}

// Subscription is what PushSubscription.toJSON() gives for endpoint.
func (d *Device) Subscription(endpoint string) map[string]any {
	return map[string]any{"endpoint": endpoint, "expirationTime": nil, "keys": d.Keys()}
}

// Open decrypts a push's body (Content-Encoding: aes128gcm, one record):
// the header is the salt (16 bytes), the record size (4), the key id's
// length (1) and the key id, which is the sender's one-time public key;
// then the record, which ends with the last record's delimiter 0x02 and
// zero padding.
func (d *Device) Open(body []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, fmt.Errorf("a push of %d bytes", len(body))
	}
	salt, rs, idlen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if idlen != 65 || len(body) < 21+idlen {
		return nil, fmt.Errorf("a key id of %d bytes, not the sender's 65-byte public key", idlen)
	}
	senderPub, record := body[21:21+idlen], body[21+idlen:]
	if uint32(len(record)) > rs {
		return nil, fmt.Errorf("one record of %d bytes over the record size %d", len(record), rs)
	}
	as, err := ecdh.P256().NewPublicKey(senderPub)
	if err != nil {
		return nil, err
	}
	shared, err := d.Key.ECDH(as)
	if err != nil {
		return nil, err
	}
	expand := func(secret, salt, info []byte, n int) ([]byte, error) {
		out := make([]byte, n)
		_, err := io.ReadFull(hkdf.New(sha256.New, secret, salt, info), out)
		return out, err
	}
	// RFC 8291 §3.4: the input keying material from the ECDH secret and
	// the auth secret, bound to both public keys
	keyInfo := append(append([]byte("WebPush: info\x00"), d.Key.PublicKey().Bytes()...), senderPub...)
	ikm, err := expand(shared, d.Auth, keyInfo, 32)
	if err != nil {
		return nil, err
	}
	// RFC 8188 §2.2, §2.3: the content key and the nonce, from the salt
	cek, err := expand(ikm, salt, []byte("Content-Encoding: aes128gcm\x00"), 16)
	if err != nil {
		return nil, err
	}
	nonce, err := expand(ikm, salt, []byte("Content-Encoding: nonce\x00"), 12)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	plain, err := gcm.Open(nil, nonce, record, nil) // record 0: the nonce as it is
	if err != nil {
		return nil, fmt.Errorf("the push does not open with the device's keys: %w", err)
	}
	end := bytes.LastIndexFunc(plain, func(r rune) bool { return r != 0 })
	if end < 0 || plain[end] != 2 {
		return nil, errors.New("no last-record delimiter")
	}
	return plain[:end], nil
}

// OpenJSON opens a push whose message is a JSON object of strings.
func (d *Device) OpenJSON(body []byte) (map[string]string, error) {
	plain, err := d.Open(body)
	if err != nil {
		return nil, err
	}
	var m map[string]string
	if err := json.Unmarshal(plain, &m); err != nil {
		return nil, fmt.Errorf("the message %q: %w", plain, err)
	}
	return m, nil
}

// CheckVAPID checks a push's Authorization header (RFC 8292): "vapid
// t=JWT, k=key", where key is serverKey and the JWT, for the push
// service's origin, names a contact and is signed by that key (ES256).
func CheckVAPID(authorization, serverKey, origin string) error {
	tok, key, ok := strings.Cut(strings.TrimPrefix(authorization, "vapid t="), ", k=")
	if !ok || !strings.HasPrefix(authorization, "vapid t=") {
		return fmt.Errorf("Authorization %q", authorization)
	}
	if key != serverKey {
		return fmt.Errorf("VAPID key %s, not the server's %s", key, serverKey)
	}
	parts := strings.Split(tok, ".")
	if len(parts) != 3 {
		return fmt.Errorf("JWT %q", tok)
	}
	var claims struct{ Aud, Sub string }
	raw, _ := base64.RawURLEncoding.DecodeString(parts[1])
	json.Unmarshal(raw, &claims)
	if claims.Aud != origin || claims.Sub == "" {
		return fmt.Errorf("JWT claims %s: want aud %s and a sub", raw, origin)
	}
	pub, _ := base64.RawURLEncoding.DecodeString(key)
	x, y := elliptic.Unmarshal(elliptic.P256(), pub)
	sig, _ := base64.RawURLEncoding.DecodeString(parts[2])
	h := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if x == nil || len(sig) != 64 || !ecdsa.Verify(&ecdsa.PublicKey{Curve: elliptic.P256(), X: x, Y: y}, h[:],
		new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return errors.New("the VAPID JWT is not signed by the server's key")
	}
	return nil
}
