package dafny

// #cgo CFLAGS: -std=c11 -fPIC -I${SRCDIR}
// typedef struct TSLanguage TSLanguage;
// const TSLanguage *tree_sitter_dafny(void);
import "C"

import (
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

// GetLanguage returns the tree-sitter grammar for Dafny. parser.c is
// generated from tree-sitter-dafny/grammar.js by
// "tree-sitter generate --abi 14" (tree-sitter-cli 0.24.7); after
// regenerating, move src/parser.c here.
func GetLanguage() *sitter.Language {
	return sitter.NewLanguage(unsafe.Pointer(C.tree_sitter_dafny()))
}
