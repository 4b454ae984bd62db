package lean

import "strings"

// comparePrinted is strings.Compare(a.String(), b.String()) without
// building either string: the two prints are made piece by piece (the
// pieces Node.String writes) and compared as they come, so that only as
// much of the two is made as it takes to see their order, and nothing is
// allocated for the trees a sort or a choice of binder order compares.
// Printing whole trees to sort them made every level of a deeply nested
// statement print everything below it (a 8 KB run of nested ∃ took 2 s).
func comparePrinted(a, b *Node) int {
	if a == b {
		return 0
	}
	var pa, pb printer
	pa.push(a)
	pb.push(b)
	var x, y string
	for {
		okx, oky := true, true
		if x == "" {
			x, okx = pa.next()
		}
		if y == "" {
			y, oky = pb.next()
		}
		switch {
		case !okx && !oky:
			return 0
		case !okx:
			return -1 // a's print is a prefix of b's
		case !oky:
			return 1
		}
		m := min(len(x), len(y))
		if c := strings.Compare(x[:m], y[:m]); c != 0 {
			return c
		}
		x, y = x[m:], y[m:]
	}
}

// printer yields the print of a tree (Node.String) in pieces. Its stack
// of frames is n long: the first ones in fixed (no allocation for a tree
// of up to 32 levels), the rest in deep.
type printer struct {
	fixed [32]printFrame
	deep  []printFrame
	n     int
}

func (p *printer) push(n *Node) {
	if p.n < len(p.fixed) {
		p.fixed[p.n] = printFrame{n: n}
	} else {
		p.deep = append(p.deep[:p.n-len(p.fixed)], printFrame{n: n})
	}
	p.n++
}

func (p *printer) top() *printFrame {
	if p.n <= len(p.fixed) {
		return &p.fixed[p.n-1]
	}
	return &p.deep[p.n-1-len(p.fixed)]
}

// printFrame is a node being printed and the step of its print next
// made (Node.writeUpTo's pieces): 0 the "(" of a node with children; 1
// its kind; 2 the ":" before its value; 3 the "[" of an instance binder;
// 4 the value; 5+2i the space before child i and 6+2i the child; then
// the ")".
type printFrame struct {
	n    *Node
	step int
}

// next returns the next non-empty piece, false once the tree is printed.
func (p *printer) next() (string, bool) {
	for p.n > 0 {
		f := p.top()
		n := f.n
		if n == nil { // a nil child prints as <nil>
			p.n--
			return "<nil>", true
		}
		leaf := len(n.C) == 0
		switch f.step {
		case 0:
			f.step = 1
			if !leaf {
				return "(", true
			}
			continue
		case 1:
			f.step = 2
			return n.K.String(), true
		case 2:
			f.step = 3
			if n.V != "" || n.Inst {
				return ":", true
			}
			continue
		case 3:
			f.step = 4
			if n.Inst { // an instance binder: kind:[name (writeHead)
				return "[", true
			}
			continue
		case 4:
			f.step = 5
			if n.V != "" {
				return n.V, true
			}
			continue
		}
		i := (f.step - 5) / 2
		if i >= len(n.C) {
			p.n--
			if !leaf {
				return ")", true
			}
			continue
		}
		if f.step%2 == 1 {
			f.step++
			return " ", true
		}
		f.step++
		p.push(n.C[i])
	}
	return "", false
}
