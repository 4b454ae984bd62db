package lean

// Span is one Lean token of a source text and where it starts.
type Span struct {
	Text string // as in the source, except projections ".name"
	Pos  int    // byte offset of the token in the source
	End  int    // byte offset just after it
}

// TokenSpans splits src into Lean tokens (comments and white space
// dropped) with their byte offsets, so that a caller can edit one token
// and keep every other byte of the text.
func TokenSpans(src string) ([]Span, error) {
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	out := make([]Span, 0, len(toks)-1)
	for _, t := range toks[:len(toks)-1] {
		if t.kind == tProj {
			// t.pos is the dot, t.text the name after it.
			out = append(out, Span{Text: "." + t.text, Pos: t.pos, End: t.pos + 1 + len(t.text)})
			continue
		}
		out = append(out, Span{Text: t.text, Pos: t.pos, End: t.pos + len(t.text)})
	}
	return out, nil
}
