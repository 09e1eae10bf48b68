package cospec

import (
	"embed"
	"strings"
	"text/template"

	"github.com/suretydev/surety/llm"
)

//go:embed prompts/*.tmpl prompts/*.schema.json
var promptFS embed.FS

// The versions of the stages' prompts. Each is part of the cache key of
// its requests (llm.Request.PromptVersion); bump it on any change to the
// template or schema of the stage.
const (
	propertiesVersion = "cospec.properties/1"
	synthesizeVersion = "cospec.synthesize/1"
	annotateVersion   = "cospec.annotate/1"
	reduceVersion     = "cospec.reduce/1"
	mapVersion        = "cospec.map/1"
	translateVersion  = "cospec.translate/1"
)

var (
	funcs = template.FuncMap{"add": func(a, b int) int { return a + b }}
	tmpl  = template.Must(template.New("cospec").Funcs(funcs).ParseFS(promptFS, "prompts/*.tmpl"))

	propertiesSchema = mustSchema("properties.schema.json")
	reduceSchema     = mustSchema("reduce.schema.json")
	mapSchema        = mustSchema("map.schema.json")
	translateSchema  = mustSchema("translate.schema.json")
)

func mustSchema(name string) *llm.Schema {
	data, err := promptFS.ReadFile("prompts/" + name)
	if err != nil {
		panic(err)
	}
	return llm.MustCompileSchema(name, data)
}

// render fills the named template; the templates are embedded and their
// data are this package's own structs, so an error is a programmer error.
func render(name string, data any) string {
	var b strings.Builder
	if err := tmpl.ExecuteTemplate(&b, name, data); err != nil {
		panic("cospec: template " + name + ": " + err.Error())
	}
	return b.String()
}
