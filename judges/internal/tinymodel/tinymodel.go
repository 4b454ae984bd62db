// Package tinymodel writes a tiny llama model in GGUF, for tests that need
// a real Ollama server but cannot download weights. Its weights are random
// except for a fixed preference over output tokens (the quote first, then
// the closing brace), so that under a JSON-Schema grammar it answers a
// short valid object quickly: {"equivalent":true,"reason":""}. Its verdicts
// carry no meaning; that is what a plumbing and robustness test wants.
package tinymodel

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"

	"github.com/ollama/ollama/fs/ggml"
)

const (
	embd  = 32
	ffn   = 64
	heads = 4
)

// vocab is an SPM vocabulary: <unk> <s> </s>, the 256 byte tokens, and
// the printable ASCII characters (space as ▁).
func vocab() (tokens []string, types []int32) {
	tokens = []string{"<unk>", "<s>", "</s>"}
	types = []int32{2, 3, 3}
	for b := 0; b < 256; b++ {
		tokens = append(tokens, fmt.Sprintf("<0x%02X>", b))
		types = append(types, 6)
	}
	tokens = append(tokens, "▁")
	types = append(types, 1)
	for c := 0x21; c <= 0x7e; c++ {
		tokens = append(tokens, string(rune(c)))
		types = append(types, 1)
	}
	return tokens, types
}

// values writes float32 values: random, or from a function of the index.
type values struct {
	n    int
	seed uint64
	at   func(i int, random float32) float32
}

func (r values) WriteTo(w io.Writer) (int64, error) {
	rng := rand.New(rand.NewPCG(r.seed, 7))
	buf := make([]byte, 4*r.n)
	for i := 0; i < r.n; i++ {
		v := float32(rng.NormFloat64() * 0.2)
		if r.at != nil {
			v = r.at(i, v)
		}
		binary.LittleEndian.PutUint32(buf[4*i:], math.Float32bits(v))
	}
	n, err := w.Write(buf)
	return int64(n), err
}

// preference ranks output tokens: the logit of token t is preference(t)
// times a positive constant.
func preference(tok string) float32 {
	switch tok {
	case "\"":
		return 4
	case "}":
		return 3
	case "{":
		return 2.5
	case "t":
		return 2
	case "f":
		return 1
	case "<unk>", "<s>", "</s>":
		return -5
	}
	if len(tok) == 6 && tok[:3] == "<0x" {
		return -5
	}
	return 0
}

// Write writes the model to path.
func Write(path string) error {
	tokens, types := vocab()
	v := uint64(len(tokens))
	scores := make([]float32, len(tokens))
	kv := ggml.KV{
		"general.architecture":                   "llama",
		"general.name":                           "rxeval-tiny",
		"llama.block_count":                      uint32(1),
		"llama.context_length":                   uint32(8192),
		"llama.embedding_length":                 uint32(embd),
		"llama.feed_forward_length":              uint32(ffn),
		"llama.attention.head_count":             uint32(heads),
		"llama.attention.head_count_kv":          uint32(heads),
		"llama.attention.layer_norm_rms_epsilon": float32(1e-5),
		"llama.rope.dimension_count":             uint32(embd / heads),
		"tokenizer.ggml.model":                   "llama",
		"tokenizer.ggml.tokens":                  tokens,
		"tokenizer.ggml.scores":                  scores,
		"tokenizer.ggml.token_type":              types,
		"tokenizer.ggml.bos_token_id":            uint32(1),
		"tokenizer.ggml.eos_token_id":            uint32(2),
		"tokenizer.ggml.unknown_token_id":        uint32(0),
	}
	seed := uint64(1)
	t := func(name string, at func(i int, r float32) float32, shape ...uint64) ggml.Tensor {
		n := uint64(1)
		for _, s := range shape {
			n *= s
		}
		seed++
		return ggml.Tensor{Name: name, Kind: 0, Shape: shape, WriterTo: values{int(n), seed, at}}
	}
	zero := func(int, float32) float32 { return 0 }
	// Row-major [vocab, embd]: dimension 0 of every embedding is a large
	// positive constant, so the final hidden state's dimension 0 is too.
	embedding := func(i int, r float32) float32 {
		if i%embd == 0 {
			return 10
		}
		return r
	}
	// Only dimension 0 survives the final norm...
	outNorm := func(i int, _ float32) float32 {
		if i == 0 {
			return 1
		}
		return 0
	}
	// ...and the output row of token t there is its preference.
	output := func(i int, _ float32) float32 {
		if i%embd == 0 {
			return preference(tokens[i/embd])
		}
		return 0
	}
	ts := []ggml.Tensor{
		t("token_embd.weight", embedding, v, embd),
		t("output_norm.weight", outNorm, embd),
		t("output.weight", output, v, embd),
		t("blk.0.attn_norm.weight", nil, embd),
		t("blk.0.attn_q.weight", nil, embd, embd),
		t("blk.0.attn_k.weight", nil, embd, embd),
		t("blk.0.attn_v.weight", nil, embd, embd),
		t("blk.0.attn_output.weight", zero, embd, embd),
		t("blk.0.ffn_norm.weight", nil, embd),
		t("blk.0.ffn_gate.weight", nil, ffn, embd),
		t("blk.0.ffn_up.weight", nil, ffn, embd),
		t("blk.0.ffn_down.weight", zero, embd, ffn),
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := ggml.WriteGGUF(f, kv, ts); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Close()
}
