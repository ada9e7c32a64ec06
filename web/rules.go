package web

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"path"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/docs"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// The Rules dialog and the documents it links to (package docs), rendered from
// Markdown on the server.

// RulesView is a game's rules document as HTML, with the start position's picture.
type RulesView struct {
	Game string `json:"game"`
	HTML string `json:"html"`
	SVG  string `json:"svg"`
}

func (s *Server) rules(w http.ResponseWriter, r *http.Request) {
	g, err := s.openGame(r.URL.Query().Get("game"))
	if err != nil {
		fail(w, err)
		return
	}
	doc, err := g.RulesDocument()
	if err != nil {
		fail(w, &httpError{http.StatusNotFound, err})
		return
	}
	notes, body := rulesNotes(doc)
	var out bytes.Buffer
	if len(notes) > 0 {
		out.WriteString(`<p class="rules-note">`)
		for i, n := range notes {
			if i > 0 {
				out.WriteString("<br>")
			}
			out.WriteString(html.EscapeString(n))
		}
		out.WriteString("</p>\n")
	}
	if err := renderMarkdown(&out, body, false); err != nil {
		fail(w, err)
		return
	}
	svg, err := g.SVG(g.StartPosition())
	if err != nil && !errors.Is(err, catalog.ErrNoPicture) {
		fail(w, err)
		return
	}
	if i := bytes.Index(svg, []byte("<svg")); i > 0 {
		svg = svg[i:]
	}
	writeJSON(w, http.StatusOK, RulesView{Game: g.Name(), HTML: out.String(), SVG: string(svg)})
}

// rulesNotes splits the comment lines off the head of a rules document, as the rules
// command prints it: the catalog's "# rule set NAME", and a block of further "# "
// lines that a blank line and the document's own title follow (The Colony's sowing
// and turn caps). Markdown would read them as headings; the page shows them as a
// note. notes are the comments without their "# ", body the rest.
func rulesNotes(doc string) (notes []string, body string) {
	lines := strings.SplitAfter(doc, "\n")
	i := 0
	if strings.HasPrefix(lines[0], "# rule set ") {
		notes = append(notes, strings.TrimSpace(strings.TrimPrefix(lines[0], "# ")))
		i = 1
	}
	j := i
	for j < len(lines) && strings.HasPrefix(lines[j], "# ") {
		j++
	}
	k := j
	for k < len(lines) && strings.TrimSpace(lines[k]) == "" {
		k++
	}
	if j > i && k > j && k < len(lines) && strings.HasPrefix(lines[k], "# ") {
		for _, l := range lines[i:j] {
			notes = append(notes, strings.TrimSpace(strings.TrimPrefix(l, "# ")))
		}
		i = j
	}
	return notes, strings.Join(lines[i:], "")
}

// renderMarkdown writes the Markdown document src as HTML to out, its links made
// good for the page (see linkFixer); inDocs says that src is a document of package
// docs (its relative links are to its neighbours there).
func renderMarkdown(out *bytes.Buffer, src string, inDocs bool) error {
	md := goldmark.New(goldmark.WithExtensions(extension.Table),
		goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(linkFixer{inDocs: inDocs}, 100))))
	return md.Convert([]byte(src), out)
}

// linkFixer rewrites the links of a document written for the repository: a link to
// a document of package docs (../docs/colony-board.md) goes to the page that serves
// it (/docs/colony-board.md); a link to another file of the repository, which the
// server does not have, becomes its text; a link to another site opens in a new
// tab. No link of a served document answers 404.
type linkFixer struct{ inDocs bool }

// Transform rewrites the document's links.
func (f linkFixer) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	var unlink []*ast.Link
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		l, ok := n.(*ast.Link)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		dest := string(l.Destination)
		switch {
		case strings.HasPrefix(dest, "#"):
		case strings.Contains(dest, "://") || strings.HasPrefix(dest, "mailto:"):
			l.SetAttributeString("target", "_blank")
			l.SetAttributeString("rel", "noopener")
		default:
			if to, ok := docPage(dest, f.inDocs); ok {
				l.Destination = []byte(to)
				l.SetAttributeString("target", "_blank")
			} else {
				unlink = append(unlink, l)
			}
		}
		return ast.WalkContinue, nil
	})
	for _, l := range unlink {
		parent := l.Parent()
		for c := l.FirstChild(); c != nil; {
			next := c.NextSibling()
			parent.InsertBefore(parent, l, c)
			c = next
		}
		parent.RemoveChild(parent, l)
	}
}

// docPage returns the page of the served document a relative link names, with the
// link's fragment: a document of package docs, reached from a document in another
// directory of the repository (../docs/NAME) or, inDocs, from its neighbour (NAME).
func docPage(dest string, inDocs bool) (string, bool) {
	p, frag, _ := strings.Cut(dest, "#")
	dir, name := path.Split(path.Clean(p))
	dir = strings.TrimSuffix(dir, "/")
	if !(dir == "../docs" || dir == "docs" || (inDocs && dir == "")) || !servedDoc(name) {
		return "", false
	}
	to := "/docs/" + name
	if frag != "" {
		to += "#" + frag
	}
	return to, true
}

// servedDoc reports whether name is a Markdown document of package docs.
func servedDoc(name string) bool {
	if !strings.HasSuffix(name, ".md") || !fs.ValidPath(name) || strings.Contains(name, "/") {
		return false
	}
	_, err := fs.Stat(docs.FS, name)
	return err == nil
}

// doc serves a document of package docs as a page of its own.
func (s *Server) doc(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if !servedDoc(name) {
		http.Error(w, fmt.Sprintf("%s: no such document (the page serves %s)", name, strings.Join(servedDocs(), ", ")), http.StatusNotFound)
		return
	}
	src, err := fs.ReadFile(docs.FS, name)
	if err != nil {
		fail(w, err)
		return
	}
	var out bytes.Buffer
	out.WriteString("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	out.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	fmt.Fprintf(&out, "<title>%s</title>\n<link rel=\"stylesheet\" href=\"/assets/style.css\">\n</head>\n<body class=\"doc\">\n<article id=\"doc\">\n", html.EscapeString(name))
	if err := renderMarkdown(&out, string(src), true); err != nil {
		fail(w, err)
		return
	}
	out.WriteString("</article>\n</body>\n</html>\n")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(out.Bytes())
}

// servedDocs lists the documents of package docs.
func servedDocs() []string {
	names, _ := fs.Glob(docs.FS, "*.md")
	return names
}
