package cluster

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"
	lss3 "github.com/benbjohnson/litestream/s3"
	"github.com/tablegames/tables/db/backup"
)

// Store is the small shared directory every machine reads: a few JSON
// objects (the leases) with compare-and-swap writes. It lives beside the
// backups: a directory for file:// (machines on one host: the tests), the
// bucket for s3:// (Tigris on Fly).
type Store interface {
	// Get reads key and its version; ErrNotFound when absent.
	Get(ctx context.Context, key string) (data []byte, version string, err error)
	// Put writes key if its version is still version ("" means: only if
	// absent), and returns the new version; ErrConflict otherwise.
	Put(ctx context.Context, key string, data []byte, version string) (string, error)
	// List names the keys under prefix.
	List(ctx context.Context, prefix string) ([]string, error)
}

var (
	ErrNotFound = errors.New("cluster: not found")
	ErrConflict = errors.New("cluster: changed by another machine")
)

// OpenStore opens the store at rawURL: file:///dir or
// s3://bucket/path?endpoint=… (Litestream's replica URL syntax; an s3 URL
// without an endpoint takes AWS_ENDPOINT_URL_S3 and AWS_REGION, as Fly's
// Tigris sets them).
func OpenStore(ctx context.Context, rawURL string) (Store, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("cluster store: %w", err)
	}
	switch u.Scheme {
	case "file":
		if err := os.MkdirAll(u.Path, 0o755); err != nil {
			return nil, err
		}
		return &fileStore{dir: u.Path}, nil
	case "s3":
		return openS3(ctx, rawURL)
	}
	return nil, fmt.Errorf("cluster store %q: use file:///dir or s3://bucket/path", rawURL)
}

// fileStore keeps each key in a file; a put holds an exclusive lock on the
// directory, so machines on one host (the tests' cluster) can't both win.
type fileStore struct{ dir string }

func version(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:12])
}

func (f *fileStore) path(key string) (string, error) {
	if key == "" || strings.Contains(key, "..") || strings.HasPrefix(key, "/") {
		return "", fmt.Errorf("cluster store: bad key %q", key)
	}
	return filepath.Join(f.dir, filepath.FromSlash(key)), nil
}

func (f *fileStore) Get(_ context.Context, key string) ([]byte, string, error) {
	p, err := f.path(key)
	if err != nil {
		return nil, "", err
	}
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", ErrNotFound
	}
	if err != nil {
		return nil, "", err
	}
	return data, version(data), nil
}

func (f *fileStore) Put(_ context.Context, key string, data []byte, ver string) (string, error) {
	p, err := f.path(key)
	if err != nil {
		return "", err
	}
	lock, err := os.OpenFile(filepath.Join(f.dir, ".lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return "", err
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return "", err
	}
	defer syscall.Flock(int(lock.Fd()), syscall.LOCK_UN)
	cur, err := os.ReadFile(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if ver != "" {
			return "", ErrConflict
		}
	case err != nil:
		return "", err
	case ver == "" || version(cur) != ver:
		return "", ErrConflict
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return "", err
	}
	tmp := p + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, p); err != nil {
		return "", err
	}
	return version(data), nil
}

func (f *fileStore) List(_ context.Context, prefix string) ([]string, error) {
	root, err := f.path(strings.TrimSuffix(prefix, "/"))
	if err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(root)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var keys []string
	for _, e := range entries {
		if !e.IsDir() && !strings.HasSuffix(e.Name(), ".tmp") {
			keys = append(keys, strings.TrimSuffix(prefix, "/")+"/"+e.Name())
		}
	}
	return keys, nil
}

// s3Store keeps each key as an object; puts are conditional (If-Match,
// If-None-Match: *), which AWS S3 and Tigris honour.
type s3Store struct {
	c      *s3.Client
	bucket string
	prefix string
}

func openS3(ctx context.Context, rawURL string) (Store, error) {
	// Litestream reads the URL's options (endpoint, region, path style,
	// keys) exactly as for the replica; the client is built from them.
	rc, err := backup.Client(rawURL)
	if err != nil {
		return nil, fmt.Errorf("cluster store: %w", err)
	}
	c, ok := rc.(*lss3.ReplicaClient)
	if !ok {
		return nil, fmt.Errorf("cluster store %q: not an S3 URL", rawURL)
	}
	region := c.Region
	if region == "" {
		region = "auto"
	}
	opts := []func(*awsconfig.LoadOptions) error{awsconfig.WithRegion(region)}
	if c.AccessKeyID != "" {
		opts = append(opts, awsconfig.WithCredentialsProvider(credentials.NewStaticCredentialsProvider(c.AccessKeyID, c.SecretAccessKey, "")))
	}
	cfg, err := awsconfig.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("cluster store: %w", err)
	}
	client := s3.NewFromConfig(cfg, func(o *s3.Options) {
		if c.Endpoint != "" {
			o.BaseEndpoint = aws.String(c.Endpoint)
		}
		o.UsePathStyle = c.ForcePathStyle
	})
	return &s3Store{c: client, bucket: c.Bucket, prefix: strings.Trim(c.Path, "/")}, nil
}

func (s *s3Store) key(k string) string {
	if s.prefix == "" {
		return k
	}
	return s.prefix + "/" + k
}

func (s *s3Store) Get(ctx context.Context, key string) ([]byte, string, error) {
	out, err := s.c.GetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: aws.String(s.key(key))})
	if err != nil {
		if status(err) == http.StatusNotFound {
			return nil, "", ErrNotFound
		}
		return nil, "", err
	}
	defer out.Body.Close()
	data, err := io.ReadAll(out.Body)
	return data, aws.ToString(out.ETag), err
}

func (s *s3Store) Put(ctx context.Context, key string, data []byte, ver string) (string, error) {
	in := &s3.PutObjectInput{Bucket: &s.bucket, Key: aws.String(s.key(key)), Body: bytes.NewReader(data),
		ContentType: aws.String("application/json")}
	if ver == "" {
		in.IfNoneMatch = aws.String("*")
	} else {
		in.IfMatch = aws.String(ver)
	}
	out, err := s.c.PutObject(ctx, in)
	if err != nil {
		switch status(err) {
		case http.StatusPreconditionFailed, http.StatusConflict, http.StatusNotFound:
			return "", ErrConflict
		}
		return "", err
	}
	return aws.ToString(out.ETag), nil
}

func (s *s3Store) List(ctx context.Context, prefix string) ([]string, error) {
	var keys []string
	p := s3.NewListObjectsV2Paginator(s.c, &s3.ListObjectsV2Input{Bucket: &s.bucket, Prefix: aws.String(s.key(prefix))})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, o := range page.Contents {
			k := aws.ToString(o.Key)
			if s.prefix != "" {
				k = strings.TrimPrefix(k, s.prefix+"/")
			}
			keys = append(keys, k)
		}
	}
	return keys, nil
}

// status is the HTTP status of an S3 error (0 if it has none).
func status(err error) int {
	var re interface{ HTTPStatusCode() int }
	if errors.As(err, &re) {
		return re.HTTPStatusCode()
	}
	var ae smithy.APIError
	if errors.As(err, &ae) && (ae.ErrorCode() == "NoSuchKey" || ae.ErrorCode() == "NotFound") {
		return http.StatusNotFound
	}
	return 0
}
