// Command surety-plugin shows surety plug-ins written outside its module:
// importing the packages calc (a frontend) and constcheck (an engine)
// registers them, and the command lists what is registered.
package main

import (
	"fmt"
	"strings"

	_ "example.com/surety-plugin/calc"
	_ "example.com/surety-plugin/constcheck"
	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/frontend"
)

func main() {
	fmt.Println("frontends:", strings.Join(frontend.Names(), " "))
	fmt.Println("engines:", strings.Join(bmc.Names(), " "))
}
