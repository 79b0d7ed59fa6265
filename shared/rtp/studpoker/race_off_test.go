//go:build !race

package studpoker

const raceEnabled = false
