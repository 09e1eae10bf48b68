package native

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
)

func TestZZTasksTmp(t *testing.T) {
	idx, err := os.ReadFile("/work/svcomp-tasks/INDEX.txt")
	if err != nil {
		t.Skip()
	}
	re := regexp.MustCompile(`input_files:\s*'?([^'\n]+)'?`)
	num := regexp.MustCompile(`line \d+`)
	counts := map[string]int{}
	ok := 0
	for _, l := range strings.Split(string(idx), "\n") {
		f := strings.Fields(l)
		if len(f) < 2 {
			continue
		}
		yml := filepath.Join("/work/svcomp-tasks", f[0])
		y, _ := os.ReadFile(yml)
		m := re.FindSubmatch(y)
		if m == nil {
			continue
		}
		cf := filepath.Join(filepath.Dir(yml), strings.TrimSpace(string(m[1])))
		src, err := os.ReadFile(cf)
		if err != nil {
			counts["read error"]++
			continue
		}
		p, err := bmc.ParseProgram(cf, src)
		if err != nil {
			counts["bmc: "+err.Error()]++
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		_, err = Translate(ctx, p, 2)
		cancel()
		if err != nil {
			r := num.ReplaceAllString(err.Error(), "line N")
			counts[r]++
			if os.Getenv("ZZV") != "" {
				fmt.Println(f[0], err)
			}
			continue
		}
		ok++
	}
	type kv struct {
		k string
		v int
	}
	var kvs []kv
	for k, v := range counts {
		kvs = append(kvs, kv{k, v})
	}
	sort.Slice(kvs, func(i, j int) bool { return kvs[i].v > kvs[j].v })
	fmt.Println("translated", ok)
	for _, e := range kvs {
		fmt.Println(e.v, e.k)
	}
}
