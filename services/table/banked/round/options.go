package round

import (
	"encoding"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// OptionNames lists the JSON names of the fields of an options struct
// (opts, the struct or a pointer to it), in field order: the keys a
// table's options map may carry for it (SetOption).
func OptionNames(opts any) []string {
	t := reflect.TypeOf(opts)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var names []string
	for i := range t.NumField() {
		names = append(names, jsonName(t.Field(i)))
	}
	return names
}

func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return name
}

// SetOption sets the field of the options struct *opts whose JSON name
// is key from its text form, as a table's options map carries it: a
// field with UnmarshalText by it ("by_round"), a bool by
// strconv.ParseBool ("true"), an integer by strconv.ParseInt. found is
// false when no field has the name; err says why a value does not read.
func SetOption(opts any, key, value string) (found bool, err error) {
	v := reflect.ValueOf(opts).Elem()
	for i := range v.NumField() {
		if jsonName(v.Type().Field(i)) != key {
			continue
		}
		f := v.Field(i)
		if u, ok := f.Addr().Interface().(encoding.TextUnmarshaler); ok {
			err = u.UnmarshalText([]byte(value))
		} else if f.Kind() == reflect.Bool {
			var b bool
			if b, err = strconv.ParseBool(value); err == nil {
				f.SetBool(b)
			}
		} else {
			var n int64
			if n, err = strconv.ParseInt(value, 10, 64); err == nil {
				f.SetInt(n)
			}
		}
		if err != nil {
			return true, fmt.Errorf("option %s: %w", key, err)
		}
		return true, nil
	}
	return false, nil
}
