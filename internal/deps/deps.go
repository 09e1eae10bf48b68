//go:build tools

// Package deps pins the module's dependencies before every package that uses them exists.
package deps

import (
	_ "github.com/rogpeppe/go-internal/testscript"
	_ "github.com/santhosh-tekuri/jsonschema/v6"
	_ "github.com/sashabaranov/go-openai"
	_ "github.com/smacker/go-tree-sitter"
	_ "github.com/smacker/go-tree-sitter/c"
	_ "github.com/smacker/go-tree-sitter/rust"
	_ "golang.org/x/sync/errgroup"
	_ "golang.org/x/tools/go/packages"
	_ "golang.org/x/tools/txtar"
)
