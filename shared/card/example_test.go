package card_test

import (
	"fmt"

	"github.com/croupier/croupier/shared/card"
)

func ExampleParse() {
	c, err := card.Parse("Td")
	if err != nil {
		panic(err)
	}
	fmt.Println(c, c.Rank().Name(), c.Suit().Name())
	// Output: Td Ten diamonds
}
