// Package schema holds the JSON Schema of a FormalRx prediction row and the
// table of the 28 SCI error categories with their codes, groups and the
// spellings rxeval accepts.
package schema

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/xeipuuv/gojsonschema"
)

//go:embed prediction.schema.json
var predictionSchema []byte

// PredictionJSON returns the JSON Schema (draft 7) of one prediction row.
func PredictionJSON() []byte { return append([]byte(nil), predictionSchema...) }

var (
	compileOnce sync.Once
	compiled    *gojsonschema.Schema
	compileErr  error
)

// Prediction returns the compiled prediction-row schema. It is compiled once
// and safe for concurrent use.
func Prediction() (*gojsonschema.Schema, error) {
	compileOnce.Do(func() {
		compiled, compileErr = gojsonschema.NewSchema(gojsonschema.NewBytesLoader(predictionSchema))
		if compileErr != nil {
			compileErr = fmt.Errorf("compiling embedded prediction schema: %w", compileErr)
		}
	})
	return compiled, compileErr
}

// Field names of a prediction row, in file order.
const (
	FieldIdx                = "idx"
	FieldVerdict            = "verdict"
	FieldErrorCategory      = "error_category"
	FieldErrorSegment       = "error_segment"
	FieldCorrectedStatement = "corrected_statement"
)

// Fields lists the required fields of a prediction row in file order.
var Fields = []string{FieldIdx, FieldVerdict, FieldErrorCategory, FieldErrorSegment, FieldCorrectedStatement}

// GoldFieldNames maps field names of the labelled (gold) shape that people put
// in prediction files by mistake to the prediction field they meant.
var GoldFieldNames = map[string]string{
	"error_location": FieldErrorSegment,
	"error_type":     FieldErrorCategory,
	"aligned":        FieldVerdict,
	"category":       FieldErrorCategory,
	"segment":        FieldErrorSegment,
	"correction":     FieldCorrectedStatement,
	"id":             FieldIdx,
}
