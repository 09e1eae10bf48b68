module example.com/surety-plugin

go 1.26.0

require github.com/suretydev/surety v0.0.0

require (
	github.com/smacker/go-tree-sitter v0.0.0-20240827094217-dd81d9e9be82 // indirect
	golang.org/x/sync v0.24.0 // indirect
)

replace github.com/suretydev/surety => ../..
