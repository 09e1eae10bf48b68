package incremental

import (
	"crypto/sha256"
	"encoding/hex"
)

// Hash returns a short hex hash of s.
func Hash(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:12])
}
