package protocol

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Version is the highest protocol version this package speaks.
const Version = 1

// MaxLine is the length limit of a line in bytes, not counting its end ("\n" or
// "\r\n").
const MaxLine = 65536

// errLineTooLong is the error of readLine for a line over MaxLine bytes.
var errLineTooLong = errors.New("a line longer than 65536 bytes")

// checkLine reports what makes line (without its end) not a line of the protocol:
// more than MaxLine bytes, invalid UTF-8 or a control character (a byte below 0x20,
// or 0x7f: a line holds no tab, no stray carriage return, no NUL).
func checkLine(line string) error {
	if len(line) > MaxLine {
		return fmt.Errorf("a line of %d bytes (the limit is %d)", len(line), MaxLine)
	}
	for i := 0; i < len(line); {
		c := line[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return fmt.Errorf("control character %#02x at byte %d", c, i)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(line[i:])
		if r == utf8.RuneError && size == 1 {
			return fmt.Errorf("invalid UTF-8 at byte %d", i)
		}
		i += size
	}
	return nil
}

// trimEnd removes the end of a line: "\n", "\r\n" or a last "\r".
func trimEnd(line string) string {
	line = strings.TrimSuffix(line, "\n")
	return strings.TrimSuffix(line, "\r")
}

// newLineReader returns a reader of lines from r that never buffers more than a line
// of MaxLine bytes and its end.
func newLineReader(r io.Reader) *bufio.Reader {
	return bufio.NewReaderSize(r, MaxLine+2)
}

// readItem is a line read, or why there are no more.
type readItem struct {
	line string
	err  error
}

// readLine reads one line from br, without its end. A line over MaxLine bytes is
// errLineTooLong; with skip, the rest of that line is read and dropped first (so
// that the next call reads the next line), without, it is left unread. A last line
// without an end is returned as a line; io.EOF comes after it.
func readLine(br *bufio.Reader, skip bool) (string, error) {
	b, err := br.ReadSlice('\n')
	switch {
	case errors.Is(err, bufio.ErrBufferFull):
		if skip {
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = br.ReadSlice('\n')
			}
			if err != nil && !errors.Is(err, io.EOF) {
				return "", err
			}
		}
		return "", errLineTooLong
	case err != nil && (len(b) == 0 || !errors.Is(err, io.EOF)):
		return "", err
	}
	line := trimEnd(string(b))
	if len(line) > MaxLine {
		return "", errLineTooLong
	}
	return line, nil
}

// quoteShort quotes s for an error message, cut to about 120 bytes.
func quoteShort(s string) string {
	const max = 120
	if len(s) <= max {
		return strconv.Quote(s)
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + fmt.Sprintf("... (%d bytes)", len(s))
}

// scanner reads the words of a line, separated by single spaces.
type scanner struct {
	line string // the whole line
	rest string // what follows the words read
	more bool   // whether a word (possibly empty) is left: rest follows a space
}

func newScanner(line string) *scanner {
	return &scanner{line: line, rest: line, more: line != ""}
}

// pos returns the byte offset of the unread text.
func (s *scanner) pos() int { return len(s.line) - len(s.rest) }

// next returns the next word; ok is false at the end of the line. An empty word (two
// spaces in a row, or a space at either end of the line) is an error.
func (s *scanner) next() (word string, ok bool, err error) {
	if !s.more {
		return "", false, nil
	}
	at := s.pos()
	if i := strings.IndexByte(s.rest, ' '); i >= 0 {
		word, s.rest = s.rest[:i], s.rest[i+1:]
	} else {
		word, s.rest, s.more = s.rest, "", false
	}
	if word == "" {
		return "", false, fmt.Errorf("an empty word at byte %d (words are separated by single spaces)", at)
	}
	return word, true, nil
}

// peek returns the next word without reading it ("" at the end or before an empty
// word).
func (s *scanner) peek() string {
	if !s.more {
		return ""
	}
	w, _, _ := strings.Cut(s.rest, " ")
	return w
}

// word returns the next word, which must be there: what names it in the error.
func (s *scanner) word(what string) (string, error) {
	w, ok, err := s.next()
	if err != nil {
		return "", err
	}
	if !ok {
		return "", fmt.Errorf("%s is missing", what)
	}
	return w, nil
}

// keyword reads the next word, which must be kw.
func (s *scanner) keyword(kw string) error {
	w, ok, err := s.next()
	switch {
	case err != nil:
		return err
	case !ok:
		return fmt.Errorf("%q is missing", kw)
	case w != kw:
		return fmt.Errorf("%q where %q belongs", w, kw)
	}
	return nil
}

// text returns the rest of the line as it is ("" when nothing follows).
func (s *scanner) text() string {
	t := s.rest
	s.rest, s.more = "", false
	return t
}

// end checks that the line has no more words.
func (s *scanner) end() error {
	if s.more {
		return fmt.Errorf("unexpected %s at byte %d", quoteShort(s.rest), s.pos())
	}
	return nil
}

// parseUint reads a whole number of 0 or more; what names it in the error.
func parseUint(w, what string) (uint64, error) {
	n, err := strconv.ParseUint(w, 10, 64)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return 0, fmt.Errorf("%s %s is too large", what, quoteShort(w))
		}
		return 0, fmt.Errorf("%s %s is not a whole number of 0 or more", what, quoteShort(w))
	}
	return n, nil
}

// parseInt reads a whole number; what names it in the error.
func parseInt(w, what string) (int64, error) {
	n, err := strconv.ParseInt(w, 10, 64)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return 0, fmt.Errorf("%s %s is out of range", what, quoteShort(w))
		}
		return 0, fmt.Errorf("%s %s is not a whole number", what, quoteShort(w))
	}
	return n, nil
}
