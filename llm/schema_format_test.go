package llm_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
)

// formats lists the response_format type of each request a server got,
// "+schema" marking a schema sent inside json_object.
func formats(srv *llmtest.Server) []string {
	var out []string
	for _, r := range srv.Requests() {
		f := r.Format
		if f == "json_object" && r.Schema != nil {
			f += "+schema"
		}
		out = append(out, f)
	}
	return out
}

// TestAskSendsSchemaToHonouringServer: by default Ask sends the schema it
// checks against as response_format json_schema (named after the schema,
// the schema itself as sent), the server decodes under it, and the reply
// and the meter's report say so.
func TestAskSendsSchemaToHonouringServer(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Reply: good}}, Schema: llmtest.SchemaHonour})
	meter := llm.Metered(srv.Model(nil), nil)
	rep, err := llm.Structured(context.Background(), meter, contractReq(), contractSchema, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Response.Format != llm.FormatJSONSchema || rep.Attempts != 1 {
		t.Errorf("reply: format %q, %d attempts", rep.Response.Format, rep.Attempts)
	}
	r := srv.Requests()[0]
	if r.Format != "json_schema" || !r.JSON || r.SchemaName != "contract" {
		t.Errorf("request: format %q, json %v, schema name %q", r.Format, r.JSON, r.SchemaName)
	}
	var sent, want any
	if json.Unmarshal(r.Schema, &sent) != nil || json.Unmarshal([]byte(contractSchema.String()), &want) != nil || !jsonEqual(sent, want) {
		t.Errorf("schema sent: %s", r.Schema)
	}
	var sb strings.Builder
	report := meter.Report()
	if err := report.WriteTable(&sb); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sb.String(), "structured replies: 1 exchanges, 0 needed repair (0 repair requests); reply format asked: 1 with the schema") {
		t.Errorf("report:\n%s", sb.String())
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// TestSchemaRefusedFallsBackToJSONObject: a server that refuses every
// schema with HTTP 400 gets the same request with the schema inside
// json_object, then with plain json_object, and from then on only that;
// the repair loop still mends what an unconstrained model sends, and the
// report counts it.
func TestSchemaRefusedFallsBackToJSONObject(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Schema: llmtest.SchemaRefuse, Steps: []llmtest.Step{
		{Reply: good},
		{Reply: "Sure! Here is the contract."},
		{Reply: good},
	}})
	client := srv.Model(nil)
	meter := llm.Metered(client, nil)
	for i := range 2 {
		rep, err := llm.Structured(context.Background(), meter, contractReq(), contractSchema, nil)
		if err != nil {
			t.Fatalf("ask %d: %v", i+1, err)
		}
		if rep.Response.Format != llm.FormatJSONObject {
			t.Errorf("ask %d: format %q", i+1, rep.Response.Format)
		}
	}
	if got := strings.Join(formats(srv), ","); got != "json_schema,json_object+schema,json_object,json_object,json_object" {
		t.Errorf("formats sent: %s", got)
	}
	if !client.SchemaRefused() {
		t.Error("SchemaRefused is false after the server refused")
	}
	tot := meter.Report().Total
	if tot.Structured != 2 || tot.NeededRepair != 1 || tot.Repairs != 1 || tot.ObjectFormat != 3 || tot.SchemaFormat != 0 {
		t.Errorf("tally: %+v", tot)
	}
}

// TestSchemaModes: SchemaOn returns the server's refusal as it is;
// SchemaOff never sends json_schema; a 400 that json_object gets too is
// not blamed on the format.
func TestSchemaModes(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Schema: llmtest.SchemaRefuse, Steps: []llmtest.Step{{Reply: good}}})
	_, err := llm.Structured(context.Background(), srv.Model(&llm.OpenAIOptions{Schema: llm.SchemaOn}), contractReq(), contractSchema, nil)
	var ae *llm.APIError
	if !errors.As(err, &ae) || ae.Status != 400 || len(srv.Requests()) != 1 {
		t.Errorf("SchemaOn: %v after %d requests", err, len(srv.Requests()))
	}
	rep, err := llm.Structured(context.Background(), srv.Model(&llm.OpenAIOptions{Schema: llm.SchemaOff}), contractReq(), contractSchema, nil)
	if err != nil || rep.Response.Format != llm.FormatJSONObject || strings.Join(formats(srv), ",") != "json_schema,json_object" {
		t.Errorf("SchemaOff: %v, formats %v", err, formats(srv))
	}

	bad := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Status: 400, Reply: "context too long", Repeat: -1}}})
	client := bad.Model(nil)
	_, err = llm.Structured(context.Background(), client, contractReq(), contractSchema, nil)
	if !errors.As(err, &ae) || ae.Status != 400 || client.SchemaRefused() || strings.Join(formats(bad), ",") != "json_schema,json_object+schema,json_object" {
		t.Errorf("unrelated 400: %v, refused %v, formats %v", err, client.SchemaRefused(), formats(bad))
	}
	if m, err := llm.ParseSchemaMode("on"); err != nil || m != llm.SchemaOn || m.String() != "on" {
		t.Errorf("ParseSchemaMode: %v %v", m, err)
	}
	if _, err := llm.ParseSchemaMode("yes"); err == nil {
		t.Error("ParseSchemaMode accepted yes")
	}
}

// TestSchemaInsideJSONObject: a server that refuses json_schema with HTTP
// 500 naming response_format and reads a schema inside json_object
// (llama-cpp-python's) gets the schema there from the second request on,
// without retries of the refused one, and decodes under it.
func TestSchemaInsideJSONObject(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Schema: llmtest.SchemaInObject, Steps: []llmtest.Step{{Reply: good, Repeat: 2}}})
	client := srv.Model(nil)
	for i := range 2 {
		rep, err := llm.Structured(context.Background(), client, contractReq(), contractSchema, nil)
		if err != nil || rep.Response.Format != llm.FormatJSONObjectSchema {
			t.Fatalf("ask %d: %v, %+v", i+1, err, rep)
		}
	}
	if got := strings.Join(formats(srv), ","); got != "json_schema,json_object+schema,json_object+schema" {
		t.Errorf("formats sent: %s", got)
	}
	var sent, want any
	if json.Unmarshal(srv.Requests()[2].Schema, &sent) != nil || json.Unmarshal([]byte(contractSchema.String()), &want) != nil || !jsonEqual(sent, want) {
		t.Errorf("schema sent in json_object: %s", srv.Requests()[2].Schema)
	}
}

// TestMaxTokensDefault: OpenAIOptions.MaxTokens is sent with a request
// that sets none, and a request's own MaxTokens wins.
func TestMaxTokensDefault(t *testing.T) {
	srv := llmtest.New(t, llmtest.Steps("a", "b"))
	m := srv.Model(&llm.OpenAIOptions{MaxTokens: 300})
	for _, n := range []int{0, 20} {
		if _, err := m.Complete(context.Background(), &llm.Request{Messages: []llm.Message{llm.User("hi")}, MaxTokens: n}); err != nil {
			t.Fatal(err)
		}
	}
	if r := srv.Requests(); r[0].MaxTokens != 300 || r[1].MaxTokens != 20 {
		t.Errorf("max_tokens sent: %d, %d", r[0].MaxTokens, r[1].MaxTokens)
	}
}

// cachedOld answers every request as a cache entry recorded before
// Response.Format was kept.
type cachedOld struct{}

func (cachedOld) Complete(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	return &llm.Response{Text: good, Cached: true}, nil
}

// TestUnknownFormatCounted: a cached reply to a JSON request that does not
// say which format was asked is counted as unknown, not as "none".
func TestUnknownFormatCounted(t *testing.T) {
	meter := llm.Metered(cachedOld{}, nil)
	if _, err := llm.Structured(context.Background(), meter, contractReq(), contractSchema, nil); err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	r := meter.Report()
	r.WriteTable(&sb)
	if r.Total.UnknownFormat != 1 || !strings.Contains(sb.String(), "0 json_object, 0 none") || !strings.Contains(sb.String(), "1 cached replies do not say") {
		t.Errorf("tally %+v\n%s", r.Total, sb.String())
	}
}
