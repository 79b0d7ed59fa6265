package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"
)

// Module is the repository's module path prefix: every module of the
// workspace is Module or Module/<dir>.
const Module = "github.com/croupier/croupier"

// Limits are the size rules.
type Limits struct {
	FileLines, FuncLines int
}

// Finding is one broken rule at a place in the tree.
type Finding struct {
	File string // slash-separated, relative to the root
	Line int
	Msg  string
}

func (f Finding) String() string { return fmt.Sprintf("%s:%d: %s", f.File, f.Line, f.Msg) }

// skipDirs are never walked: version control, build output, other
// checkouts, vendored JavaScript, fixtures.
var skipDirs = []string{".git", "bin", "out", "wt", "node_modules", "testdata"}

// Check walks the tree under root and returns every finding, in walk order.
func Check(root string, lim Limits) ([]Finding, error) {
	var out []Finding
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (slices.Contains(skipDirs, d.Name()) || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		switch {
		case d.Name() == "go.mod":
			fs, err := checkGoMod(path, rel)
			out = append(out, fs...)
			return err
		case strings.HasSuffix(d.Name(), ".go"):
			fs, err := checkGoFile(path, rel, lim)
			out = append(out, fs...)
			return err
		}
		return nil
	})
	return out, err
}

// area is the part of the tree a slash path is in: "services/<name>" for a
// service, else its first element ("shared", "tools", ...).
func area(rel string) string {
	parts := strings.Split(rel, "/")
	if parts[0] == "services" && len(parts) > 2 {
		return "services/" + parts[1]
	}
	return parts[0]
}

// importArea is the area an import path of this repository lands in, or ""
// for an import from outside.
func importArea(path string) string {
	if !strings.HasPrefix(path, Module+"/") {
		return ""
	}
	rest := strings.TrimPrefix(path, Module+"/")
	parts := strings.Split(rest, "/")
	if parts[0] == "services" && len(parts) > 1 {
		return "services/" + parts[1]
	}
	return parts[0]
}

// mayImport says whether code in area from may import a package in area to.
func mayImport(from, to string) bool {
	switch {
	case to == "" || to == from:
		return true
	case from == "tools":
		return true // the in-process wiring and the harnesses
	case to == "tools":
		return false
	case strings.HasPrefix(to, "services/"):
		return false // only the service itself and tools
	}
	return true // shared, gen, workflows
}

func checkGoMod(path, rel string) ([]Finding, error) {
	from := area(rel)
	if !strings.HasPrefix(from, "services/") {
		return nil, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f, err := modfile.Parse(path, data, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", rel, err)
	}
	var out []Finding
	for _, r := range f.Require {
		if to := importArea(r.Mod.Path); !mayImport(from, to) {
			out = append(out, Finding{rel, r.Syntax.Start.Line, fmt.Sprintf("%s requires %s: a service module requires no other service module", from, r.Mod.Path)})
		}
	}
	for _, r := range f.Replace {
		if to := importArea(r.Old.Path); !mayImport(from, to) {
			out = append(out, Finding{rel, r.Syntax.Start.Line, fmt.Sprintf("%s replaces %s: a service module requires no other service module", from, r.Old.Path)})
		}
	}
	return out, nil
}

func checkGoFile(path, rel string, lim Limits) ([]Finding, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", rel, err)
	}
	var out []Finding
	from := area(rel)
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if to := importArea(p); !mayImport(from, to) {
			out = append(out, Finding{rel, fset.Position(imp.Pos()).Line, fmt.Sprintf("%s imports %s: services talk over gRPC; move what both need to shared/ or wire it in tools/", from, p)})
		}
	}
	if strings.HasSuffix(rel, "_test.go") || ast.IsGenerated(f) {
		return out, nil
	}
	if n := bytes.Count(src, []byte("\n")); n > lim.FileLines {
		out = append(out, Finding{rel, 1, fmt.Sprintf("file has %d lines (at most %d): split it by concept", n, lim.FileLines)})
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		start, end := fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line
		if n := end - start + 1; n > lim.FuncLines {
			out = append(out, Finding{rel, start, fmt.Sprintf("func %s has %d lines (at most %d)", funcName(fd), n, lim.FuncLines)})
		}
	}
	return out, nil
}

func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if ix, ok := t.(*ast.IndexExpr); ok {
		t = ix.X
	}
	if ix, ok := t.(*ast.IndexListExpr); ok {
		t = ix.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}
