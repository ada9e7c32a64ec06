package protocol

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// Lenient reading (docs/protocol.md, "Lenient reading"): what a Client that is not
// Strict accepts beyond the protocol's lines, as UCI runners (cutechess, fastchess)
// accept what engines ported from chess write. The protocol's own lines read as
// ParseReply reads them.

// knownInfoItems are the info items the lenient reading knows: those of the protocol
// and those of UCI that mean something here. An unknown item's value runs to the
// next of these words.
var knownInfoItems = map[string]bool{
	"depth": true, "seldepth": true, "score": true, "nodes": true, "nps": true,
	"time": true, "hashfull": true, "multipv": true, "pv": true, "string": true,
}

// ParseReplyLenient reads a reply line as a Client that is not Strict does. An empty
// line (or one of spaces only) is ignored: r is nil. Spaces at either end of a line,
// and runs of spaces inside an info line, are dropped. An info line never fails: an
// item it does not know, or whose value does not read, is ignored and named in
// ignored (a value's words up to the next item it knows with it), and the UCI forms
// read as the protocol's: "score cp N" as "score N" (hundredths of a point),
// "score mate N" as a proven win (N > 0) or loss, a bound after a score
// ("lowerbound", "upperbound") dropped; "seldepth", "hashfull" and "multipv" fill
// Info's SelDepth, HashFull and MultiPV. Other lines read as ParseReply reads them:
// a line it refuses is the error.
func ParseReplyLenient(line string) (r Reply, ignored []string, err error) {
	line = trimEnd(line)
	if err := checkLine(line); err != nil {
		return nil, nil, lineError(line, err)
	}
	if r, err := ParseReply(line); err == nil {
		return r, nil, nil // a line of the protocol (whose texts keep their spaces)
	}
	line = strings.Trim(line, " ")
	if line == "" {
		return nil, nil, nil
	}
	rest, isInfo := strings.CutPrefix(line, "info")
	if !isInfo || rest != "" && rest[0] != ' ' {
		r, err := ParseReply(line)
		return r, nil, err
	}
	in, ignored := parseInfoLenient(rest)
	return &InfoReply{Info: in}, ignored, nil
}

// parseInfoLenient reads the items of an info line after "info" (see
// ParseReplyLenient).
func parseInfoLenient(rest string) (in Info, ignored []string) {
	for {
		rest = strings.TrimLeft(rest, " ")
		if rest == "" {
			return in, ignored
		}
		kw, after, _ := strings.Cut(rest, " ")
		rest = after
		if kw == "string" {
			in.Text = strings.TrimRight(rest, " ")
			return in, ignored
		}
		if kw == "pv" {
			if in.PV = strings.Fields(rest); len(in.PV) == 0 {
				in.PV = nil
				ignored = append(ignored, "pv")
			}
			return in, ignored
		}
		// The item's value: its next word, unless that is an item (a value missing).
		value, after := cutWord(rest)
		if knownInfoItems[value] {
			value = ""
		} else {
			rest = after
		}
		ok := true
		switch kw {
		case "depth", "seldepth", "hashfull", "multipv":
			n, err := strconv.ParseUint(value, 10, 31)
			ok = err == nil
			switch {
			case !ok:
			case kw == "depth":
				in.Depth = int(n)
			case kw == "seldepth":
				in.SelDepth = int(n)
			case kw == "hashfull":
				in.HashFull = int(n)
			default:
				in.MultiPV = int(n)
			}
		case "nodes", "nps", "time":
			n, err := strconv.ParseUint(value, 10, 64)
			ok = err == nil && (kw != "time" || n <= uint64(maxMillis))
			switch {
			case !ok:
			case kw == "nodes":
				in.Nodes = n
			case kw == "nps":
				in.NPS = n
			default:
				in.Time = time.Duration(n) * time.Millisecond
			}
		case "score":
			var sc Score
			sc, rest, ok = scoreLenient(value, rest)
			if ok {
				in.Score = sc
			}
		default:
			// An unknown item: its value runs to the next item known.
			ok = false
			for rest != "" {
				w, after := cutWord(rest)
				if knownInfoItems[w] {
					break
				}
				rest = after
			}
		}
		if !ok {
			ignored = append(ignored, kw)
		}
	}
}

// scoreLenient reads a score whose first word is w, rest the words after it; it
// returns the words after the score and whether it reads.
func scoreLenient(w, rest string) (Score, string, bool) {
	var sc Score
	switch w {
	case "cp", "mate":
		v, after := cutWord(rest)
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			if knownInfoItems[v] {
				return sc, rest, false
			}
			return sc, after, false // the value that does not read goes with the item
		}
		rest = after
		switch {
		case w == "cp":
			sc = Score{Kind: ValueScore, Value: n}
		case n > 0:
			sc = Score{Kind: WinScore}
		default:
			sc = Score{Kind: LossScore}
		}
	case "win", "loss":
		sc.Kind = WinScore
		if w == "loss" {
			sc.Kind = LossScore
		}
		if v, after := cutWord(rest); v != "" && v[0] >= '0' && v[0] <= '9' {
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil || n > math.MaxInt64 {
				return sc, after, false
			}
			sc.Value, sc.HasMargin, rest = int64(n), true, after
		}
	default:
		n, err := strconv.ParseInt(w, 10, 64)
		if err != nil {
			return sc, rest, false
		}
		sc = Score{Kind: ValueScore, Value: n}
	}
	if b, after := cutWord(rest); b == "lowerbound" || b == "upperbound" {
		rest = after
	}
	return sc, rest, true
}

// cutWord returns the first word of s (after its leading spaces) and what follows it.
func cutWord(s string) (word, rest string) {
	s = strings.TrimLeft(s, " ")
	word, rest, _ = strings.Cut(s, " ")
	return word, rest
}
