// Command manifestcheck validates rendered Kubernetes manifests offline.
//
//	helm template croupier charts/croupier -f deploy/values-production.yaml | manifestcheck
//	manifestcheck rendered/*.yaml
//
// Each document of the multi-document YAML input is decoded with the strict
// decoder of k8s.io/client-go's scheme (the API server's own types): an
// unknown field, a duplicate field, a value of the wrong type or a kind the
// scheme does not know is an error. Then the release is checked as a whole:
// workload selectors match their pod templates, every container has
// resources and probes on declared ports, Services, budgets, autoscalers,
// network policies and Ingresses point at objects that exist.
//
// No schema is downloaded: the types compiled into the binary are the
// schema. Exit status 0 when everything passes, 1 on findings, 2 on usage or
// read errors.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is main without the process: arguments, streams, exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("manifestcheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	quiet := fs.Bool("q", false, "print findings only, no summary")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: manifestcheck [-q] [file.yaml ...]   (no files: read stdin)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	dec, err := newDecoder()
	if err != nil {
		fmt.Fprintln(stderr, "manifestcheck:", err)
		return 2
	}
	var docs []document
	if fs.NArg() == 0 {
		docs, err = splitDocuments("stdin", stdin)
		if err != nil {
			fmt.Fprintln(stderr, "manifestcheck:", err)
			return 2
		}
	}
	for _, name := range fs.Args() {
		d, err := readFile(name)
		if err != nil {
			fmt.Fprintln(stderr, "manifestcheck:", err)
			return 2
		}
		docs = append(docs, d...)
	}
	objs, findings := validate(dec, docs)
	for _, f := range findings {
		fmt.Fprintln(stdout, f)
	}
	if len(findings) > 0 {
		fmt.Fprintf(stderr, "manifestcheck: %d problem(s) in %d document(s)\n", len(findings), len(docs))
		return 1
	}
	if !*quiet {
		fmt.Fprintf(stdout, "manifestcheck: %d object(s) valid\n", len(objs))
	}
	return 0
}

func readFile(name string) ([]document, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return splitDocuments(name, f)
}

// validate decodes every document strictly and, when all of them decode,
// checks the release as a whole (cross-object checks on a partial set would
// report objects as missing that only failed to decode).
func validate(dec *decoder, docs []document) ([]object, []finding) {
	var objs []object
	var findings []finding
	for _, d := range docs {
		o, err := dec.decode(d)
		if err != nil {
			findings = append(findings, finding{Where: d.location(), Ref: identify(d), Msg: err.Error()})
			continue
		}
		objs = append(objs, o)
	}
	if len(findings) > 0 {
		return objs, findings
	}
	if len(objs) == 0 {
		return nil, []finding{{Where: "input", Msg: errNoObjects.Error()}}
	}
	return objs, checkRelease(objs)
}
