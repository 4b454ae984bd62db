// Package jsonmsg says in words what encoding/json found wrong with a
// line, for every command that reads JSON lines.
package jsonmsg

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// Describe says in words what encoding/json found wrong with one
// line, naming the field where it knows it, never a Go type ("cannot
// unmarshal number into Go struct field .idx of type string").
func Describe(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		if se.Error() == "unexpected end of JSON input" {
			return "not valid JSON: the line ends before the object is closed"
		}
		return fmt.Sprintf("not valid JSON at byte column %d: %s", se.Offset, se.Error())
	case errors.As(err, &te):
		where := ""
		if te.Field != "" {
			where = fmt.Sprintf("field %q: ", jsonPath(te.Field))
		}
		if num, ok := strings.CutPrefix(te.Value, "number "); ok && isNumberKind(te.Type) {
			return fmt.Sprintf("%sthe number %s is out of range of a 64-bit float", where, clipNumber(num))
		}
		return fmt.Sprintf("%swant %s, got %s", where, goKind(te.Type), jsonValueKind(te.Value))
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

func isNumberKind(t reflect.Type) bool {
	if t == nil {
		return false
	}
	switch t.Kind() {
	case reflect.Float32, reflect.Float64, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Interface:
		return true
	}
	return false
}

// goKind names the JSON a Go type takes.
func goKind(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Pointer:
		return goKind(t.Elem()) + " or null"
	}
	if isNumberKind(t) {
		return "a number"
	}
	return "another value"
}

// jsonValueKind turns UnmarshalTypeError.Value ("number", "string",
// "object", "array", "bool", "number 1e400") into words.
func jsonValueKind(v string) string {
	switch {
	case strings.HasPrefix(v, "number"):
		return "a number"
	case v == "string":
		return "a string"
	case v == "object":
		return "an object"
	case v == "array":
		return "an array"
	case v == "bool":
		return "true or false"
	}
	return v
}

// clipNumber shortens a long number for a message.
func clipNumber(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// jsonPath drops from encoding/json's field path the names of embedded Go
// structs ("Outcome.verdict_ok" is the line's "verdict_ok"): a segment
// before the last that is a Go exported name.
func jsonPath(field string) string {
	parts := strings.Split(field, ".")
	out := parts[:0]
	for i, p := range parts {
		if i < len(parts)-1 && p != "" && p[0] >= 'A' && p[0] <= 'Z' && !strings.ContainsAny(p, " ()") {
			continue
		}
		out = append(out, p)
	}
	return strings.Join(out, ".")
}
