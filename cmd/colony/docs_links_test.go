package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// mdLink matches the target of a Markdown link or image: ](target).
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// headingAnchors returns the anchors GitHub gives the headings of a Markdown text:
// lower case, letters, digits, spaces, hyphens and underscores kept, spaces made
// hyphens, a repeated anchor numbered -1, -2, .... Lines inside fenced code blocks
// are not headings.
func headingAnchors(text string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	fenced := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteRune('-')
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			anchors[fmt.Sprintf("%s-%d", a, n)] = true
		} else {
			anchors[a] = true
		}
		seen[a]++
	}
	return anchors
}

// TestDocsLinksResolve: every relative link of README.md and docs/*.md names a file
// or directory of the repository, and every #anchor a heading of its document.
func TestDocsLinksResolve(t *testing.T) {
	root := filepath.Join("..", "..")
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files := append([]string{filepath.Join(root, "README.md")}, docs...)
	checked := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimPrefix(filepath.ToSlash(f), "../../")
		for _, m := range mdLink.FindAllStringSubmatch(string(b), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			checked++
			path, anchor, _ := strings.Cut(target, "#")
			dest := f
			if path != "" {
				dest = filepath.Join(filepath.Dir(f), filepath.FromSlash(path))
				if _, err := os.Stat(dest); err != nil {
					t.Errorf("%s links %s, which is not a file of the repository", name, target)
					continue
				}
			}
			if anchor == "" {
				continue
			}
			if !strings.HasSuffix(dest, ".md") {
				t.Errorf("%s links %s: an anchor in a file that is not Markdown", name, target)
				continue
			}
			text, err := os.ReadFile(dest)
			if err != nil {
				t.Errorf("%s links %s: %v", name, target, err)
				continue
			}
			if !headingAnchors(string(text))[anchor] {
				t.Errorf("%s links %s: no heading has the anchor #%s", name, target, anchor)
			}
		}
	}
	if checked == 0 {
		t.Error("no relative link found: update this test")
	}
}
