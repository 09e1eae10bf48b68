package nats

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	natsgo "github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/suretydev/surety/work"
)

// StoreOptions configure a Store. The zero value is valid and a nil
// pointer means the defaults; OpenStore does not modify it.
type StoreOptions struct {
	// Prefix begins the names of the store's buckets, as Options.Prefix
	// does those of the streams; "" means "surety".
	Prefix string
	// MaxValueSize is the largest value kept in the key-value bucket
	// itself; a larger one goes to the object store, and the bucket keeps
	// a reference to it. 0 means what the server takes in one message
	// (its max_payload, 1 MiB by default) less 1 KiB; a value above that
	// is capped to it.
	MaxValueSize int
}

// A Store is a work.Store on a NATS server, shared by every process that
// opens it on that server by the same name: the caches of surety runs on
// many machines (bmc.NewCache, llm.CachedIn), so that a verdict or a model
// reply computed on one is reused on all.
//
// Its entries are in the JetStream key-value bucket PREFIX-cache-NAME,
// file-backed, one revision kept per key, and a value larger than
// StoreOptions.MaxValueSize in the object store PREFIX-cache-NAME-large,
// named by the key and the value's SHA-256, with the key's entry naming
// it. A Put is one message to the key-value bucket (after the object, for
// a large value), so it is atomic; a large value read back is checked
// against its SHA-256. Keys are work.Store keys as they are; any other
// key (the Store takes them) is made a NATS key as "=" and its base64url
// form, which no work.Store key begins with.
//
// A Store is safe for concurrent use. Its connection is the caller's, who
// closes it after the last use; the Store reconnects with it.
type Store struct {
	kv   jetstream.KeyValue
	obj  jetstream.ObjectStore
	name string
	max  int
}

// OpenStore opens the store called name on the server of nc, creating its
// buckets when they do not exist. name is one or more ASCII letters,
// digits, '-' or '_' ("bmc", "llm").
func OpenStore(ctx context.Context, nc *natsgo.Conn, name string, opts *StoreOptions) (*Store, error) {
	if opts == nil {
		opts = &StoreOptions{}
	}
	if !work.ValidKey(name) {
		return nil, fmt.Errorf("work/nats: store name %q: want ASCII letters, digits, '-' or '_'", name)
	}
	prefix := opts.Prefix
	if prefix == "" {
		prefix = "surety"
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("work/nats: %w", err)
	}
	bucket := prefix + "-cache-" + name
	s := &Store{name: bucket}
	s.kv, err = js.KeyValue(ctx, bucket)
	if errors.Is(err, jetstream.ErrBucketNotFound) {
		s.kv, err = js.CreateKeyValue(ctx, jetstream.KeyValueConfig{
			Bucket: bucket, Description: "surety cache " + name + ": entries by key", History: 1,
			Storage: jetstream.FileStorage,
		})
		if errors.Is(err, jetstream.ErrBucketExists) { // another process was first
			s.kv, err = js.KeyValue(ctx, bucket)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("work/nats: key-value bucket %s: %w", bucket, err)
	}
	large := bucket + "-large"
	s.obj, err = js.ObjectStore(ctx, large)
	if errors.Is(err, jetstream.ErrBucketNotFound) || errors.Is(err, jetstream.ErrStreamNotFound) {
		s.obj, err = js.CreateObjectStore(ctx, jetstream.ObjectStoreConfig{
			Bucket: large, Description: "surety cache " + name + ": values too large for " + bucket,
			Storage: jetstream.FileStorage,
		})
		if errors.Is(err, jetstream.ErrBucketExists) || errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) {
			s.obj, err = js.ObjectStore(ctx, large)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("work/nats: object store %s: %w", large, err)
	}
	s.max = int(nc.MaxPayload()) - 1024
	if st, err := s.kv.Status(ctx); err == nil {
		if b, ok := st.(*jetstream.KeyValueBucketStatus); ok {
			if m := int(b.StreamInfo().Config.MaxMsgSize); m > 0 {
				s.max = min(s.max, m-1024)
			}
		}
	}
	if opts.MaxValueSize > 0 {
		s.max = min(s.max, opts.MaxValueSize)
	}
	return s, nil
}

// String names the store's key-value bucket.
func (s *Store) String() string { return "NATS key-value bucket " + s.name }

// natsKey is the key-value key of key: key itself when it is a work.Store
// key, otherwise "=" and its base64url form.
func natsKey(key string) (string, error) {
	if key == "" {
		return "", errors.New("work/nats: store: empty key")
	}
	if work.ValidKey(key) {
		return key, nil
	}
	return "=" + base64.RawURLEncoding.EncodeToString([]byte(key)), nil
}

// An entry's value in the key-value bucket begins with a tag: the value
// itself follows tagValue; a reference (JSON) follows tagObject.
const (
	tagValue  = 'v'
	tagObject = 'o'
)

// objectRef is the reference to a large value in the object store.
type objectRef struct {
	Object string `json:"object"`
	Size   int    `json:"size"`
	SHA256 string `json:"sha256"`
}

// Get implements work.Store.
func (s *Store) Get(ctx context.Context, key string) ([]byte, error) {
	k, err := natsKey(key)
	if err != nil {
		return nil, err
	}
	e, err := s.kv.Get(ctx, k)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil, fmt.Errorf("%w: %s", work.ErrNotFound, work.Where(s, key))
	}
	if err != nil {
		return nil, fmt.Errorf("work/nats: store %s: %w", s.name, err)
	}
	v := e.Value()
	if len(v) > 0 && v[0] == tagValue {
		return bytes.Clone(v[1:]), nil
	}
	ref, err := parseRef(v)
	if err != nil {
		return nil, fmt.Errorf("work/nats: store: %s: %w", work.Where(s, key), err)
	}
	b, err := s.obj.GetBytes(ctx, ref.Object)
	if errors.Is(err, jetstream.ErrObjectNotFound) {
		// Deleted, by a Put or Delete of the key, since its entry was read.
		return nil, fmt.Errorf("%w: %s (its object %s is gone)", work.ErrNotFound, work.Where(s, key), ref.Object)
	}
	if err != nil {
		// An object deleted while it is read makes the read wait for
		// chunks that are gone, until it times out: if the key's entry
		// changed meanwhile, that is what happened.
		if e2, err2 := s.kv.Get(ctx, k); errors.Is(err2, jetstream.ErrKeyNotFound) || err2 == nil && e2.Revision() != e.Revision() {
			return nil, fmt.Errorf("%w: %s (replaced or deleted while its object %s was read)", work.ErrNotFound, work.Where(s, key), ref.Object)
		}
		return nil, fmt.Errorf("work/nats: store %s: object %s: %w", s.name, ref.Object, err)
	}
	if sum := sha256.Sum256(b); len(b) != ref.Size || hex.EncodeToString(sum[:]) != ref.SHA256 {
		// Replaced while it was read: what was read is no value put.
		return nil, fmt.Errorf("%w: %s (its object %s changed while it was read)", work.ErrNotFound, work.Where(s, key), ref.Object)
	}
	return b, nil
}

func parseRef(v []byte) (*objectRef, error) {
	var ref objectRef
	if len(v) == 0 || v[0] != tagObject || json.Unmarshal(v[1:], &ref) != nil || ref.Object == "" {
		return nil, errors.New("not an entry of a surety cache")
	}
	return &ref, nil
}

// Put implements work.Store. A large value is stored in the object store
// first and then named by the key's entry; the object of the value it
// replaces, if any, is deleted after.
func (s *Store) Put(ctx context.Context, key string, value []byte) error {
	k, err := natsKey(key)
	if err != nil {
		return err
	}
	if 1+len(value) <= s.max {
		if _, err := s.kv.Put(ctx, k, append([]byte{tagValue}, value...)); err != nil {
			return fmt.Errorf("work/nats: store %s: %w", s.name, err)
		}
		return nil
	}
	sum := sha256.Sum256(value)
	ref := objectRef{Size: len(value), SHA256: hex.EncodeToString(sum[:])}
	ref.Object = k + "." + ref.SHA256
	var old *objectRef
	if e, err := s.kv.Get(ctx, k); err == nil {
		old, _ = parseRef(e.Value())
	}
	// The same value stored already (objects are named by their content)
	// is not written again: replacing it would break a reader's Get.
	if info, err := s.obj.GetInfo(ctx, ref.Object); err != nil || info.Size != uint64(len(value)) {
		if _, err := s.obj.PutBytes(ctx, ref.Object, value); err != nil {
			return fmt.Errorf("work/nats: store %s: object %s: %w", s.name, ref.Object, err)
		}
	}
	b, err := json.Marshal(ref)
	if err != nil {
		return fmt.Errorf("work/nats: store: %w", err)
	}
	if _, err := s.kv.Put(ctx, k, append([]byte{tagObject}, b...)); err != nil {
		return fmt.Errorf("work/nats: store %s: %w", s.name, err)
	}
	if old != nil && old.Object != ref.Object {
		_ = s.obj.Delete(ctx, old.Object)
	}
	return nil
}

// Delete implements work.Store: it removes the key's entry, then the
// object of a large value.
func (s *Store) Delete(ctx context.Context, key string) error {
	k, err := natsKey(key)
	if err != nil {
		return err
	}
	e, err := s.kv.Get(ctx, k)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("work/nats: store %s: %w", s.name, err)
	}
	if err := s.kv.Delete(ctx, k); err != nil {
		return fmt.Errorf("work/nats: store %s: %w", s.name, err)
	}
	if ref, err := parseRef(e.Value()); err == nil {
		if err := s.obj.Delete(ctx, ref.Object); err != nil && !errors.Is(err, jetstream.ErrObjectNotFound) {
			return fmt.Errorf("work/nats: store %s: object %s: %w", s.name, ref.Object, err)
		}
	}
	return nil
}
