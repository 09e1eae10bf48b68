package nats

import (
	"bytes"
	"fmt"
	"os"
	"strings"
)

// ReadCredentials reads a credentials file: a .creds file (a user JWT and
// its seed), an nkey seed file, or USER:PASSWORD on its first line.
func ReadCredentials(path string) (Credentials, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Credentials{}, fmt.Errorf("NATS credentials: %w", err)
	}
	switch {
	case bytes.Contains(b, []byte("BEGIN NATS USER JWT")):
		return Credentials{CredsFile: path}, nil
	case bytes.HasPrefix(bytes.TrimSpace(b), []byte("SU")):
		return Credentials{NkeySeedFile: path}, nil
	}
	line, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	user, pw, ok := strings.Cut(strings.TrimSpace(line), ":")
	if !ok || user == "" || pw == "" {
		return Credentials{}, fmt.Errorf("NATS credentials: %s is neither a .creds file, an nkey seed nor USER:PASSWORD", path)
	}
	return Credentials{User: user, Password: pw}, nil
}

// CredentialsFrom returns the credentials of file (ReadCredentials) or,
// when file is "", of the environment as getenv reads it (os.Getenv in a
// program): SURETY_NATS_CREDS (a file), else SURETY_NATS_USER and
// SURETY_NATS_PASSWORD, SURETY_NATS_TOKEN, SURETY_NATS_NKEY (an nkey seed
// file). None at all is refused when the connection is made
// (ErrNoCredentials).
func CredentialsFrom(file string, getenv func(string) string) (Credentials, error) {
	if file == "" {
		file = getenv("SURETY_NATS_CREDS")
	}
	if file != "" {
		return ReadCredentials(file)
	}
	return Credentials{User: getenv("SURETY_NATS_USER"), Password: getenv("SURETY_NATS_PASSWORD"),
		Token: getenv("SURETY_NATS_TOKEN"), NkeySeedFile: getenv("SURETY_NATS_NKEY")}, nil
}
