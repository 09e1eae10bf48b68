package nats_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	worknats "github.com/suretydev/surety/work/nats"
)

// A credentials file is read by its content: a .creds file, an nkey
// seed, or USER:PASSWORD; anything else is an error naming the file.
func TestReadCredentials(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	creds := write("u.creds", "-----BEGIN NATS USER JWT-----\neyJ...\n------END NATS USER JWT------\n")
	seed := write("u.nk", "SUAIB...\n")
	pw := write("pw", "alice:s3cret\nignored\n")
	bad := write("bad", "just a word\n")
	for _, tc := range []struct {
		path string
		want worknats.Credentials
	}{
		{creds, worknats.Credentials{CredsFile: creds}},
		{seed, worknats.Credentials{NkeySeedFile: seed}},
		{pw, worknats.Credentials{User: "alice", Password: "s3cret"}},
	} {
		got, err := worknats.ReadCredentials(tc.path)
		if err != nil || got != tc.want {
			t.Errorf("%s: %+v, %v; want %+v", filepath.Base(tc.path), got, err, tc.want)
		}
	}
	if _, err := worknats.ReadCredentials(bad); err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("a file of no known form: %v, want an error naming it", err)
	}
	env := map[string]string{"SURETY_NATS_TOKEN": "t0k"}
	got, err := worknats.CredentialsFrom("", func(k string) string { return env[k] })
	if err != nil || got != (worknats.Credentials{Token: "t0k"}) {
		t.Errorf("from the environment: %+v, %v; want the token", got, err)
	}
	env["SURETY_NATS_CREDS"] = pw
	if got, _ := worknats.CredentialsFrom("", func(k string) string { return env[k] }); got.User != "alice" {
		t.Errorf("SURETY_NATS_CREDS: %+v, want the file's user", got)
	}
}
