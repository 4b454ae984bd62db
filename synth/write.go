package synth

import (
	"bufio"
	"encoding/json"
	"io"
)

type inputRow struct {
	Idx       string    `json:"idx"`
	Header    string    `json:"header"`
	Informal  string    `json:"informal_statement"`
	Formal    string    `json:"formal_statement"`
	Diagnosis diagnosis `json:"diagnosis"`
}

type diagnosis struct {
	Aligned   *string `json:"aligned"`
	ErrorType *string `json:"error_type"`
	Location  *string `json:"error_location"`
	Corrected *string `json:"corrected_statement"`
}

func str(s string) *string { return &s }

func writeRows(w io.Writer, samples []Sample, row func(s *Sample) any) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for i := range samples {
		if err := enc.Encode(row(&samples[i])); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// WriteInputs writes the samples in the official test-inputs shape: idx,
// header, informal_statement, formal_statement and a diagnosis whose fields
// are all null.
func WriteInputs(w io.Writer, samples []Sample) error {
	return writeRows(w, samples, func(s *Sample) any {
		return inputRow{s.Idx, s.Header, s.Informal, s.Formal, diagnosis{}}
	})
}

// WriteGold writes the samples in the official labelled shape: the inputs
// with diagnosis{aligned, error_type, error_location,
// corrected_statement}, "N/A" where a field does not apply.
func WriteGold(w io.Writer, samples []Sample) error {
	return writeRows(w, samples, func(s *Sample) any {
		d := diagnosis{str("Aligned"), str("N/A"), str("N/A"), str("N/A")}
		if !s.Aligned {
			d = diagnosis{str("Misaligned"), str(s.Category), str(s.Location), str(s.Corrected)}
		}
		return inputRow{s.Idx, s.Header, s.Informal, s.Formal, d}
	})
}

type predRow struct {
	Idx       string  `json:"idx"`
	Verdict   string  `json:"verdict"`
	Category  *string `json:"error_category"`
	Segment   *string `json:"error_segment"`
	Corrected *string `json:"corrected_statement"`
}

// WritePredictions writes the gold as a perfect prediction file (the flat
// prediction shape), for checking a scoring pipeline end to end.
func WritePredictions(w io.Writer, samples []Sample) error {
	return writeRows(w, samples, func(s *Sample) any {
		if s.Aligned {
			return predRow{Idx: s.Idx, Verdict: "aligned"}
		}
		return predRow{s.Idx, "misaligned", str(s.Category), str(s.Location), str(s.Corrected)}
	})
}
