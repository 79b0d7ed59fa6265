package house

// Reasons of the table's own refusals (apierr reasons a partner can
// switch on). The engines' pass through unchanged: round.ReasonBettingClosed,
// round.ReasonBadSpot, moneywheel.ReasonBadChoice and the others.
const (
	// ReasonBadConfig: a configuration Config.Validate refuses.
	ReasonBadConfig = "BAD_CONFIG"
	// ReasonUnknownGame, ReasonUnknownProfile, ReasonBadOption: a create
	// request's game, profile or option (Rules).
	ReasonUnknownGame    = "UNKNOWN_GAME"
	ReasonUnknownProfile = "UNKNOWN_PROFILE"
	ReasonBadOption      = "BAD_OPTION"
	// ReasonUnknownCommand: a command kind the table does not know.
	ReasonUnknownCommand = "UNKNOWN_COMMAND"
	// ReasonTableClosed: the table has closed for good.
	ReasonTableClosed = "TABLE_CLOSED"
	// ReasonTableClosing: a join while the table is closing.
	ReasonTableClosing = "TABLE_CLOSING"
	// ReasonUnderReview: a player's or the clock's command at a table held
	// for review (Table.Frozen).
	ReasonUnderReview = "TABLE_UNDER_REVIEW"
	// ReasonNotOpen: a round opened, or the table paused, when the table
	// is not open.
	ReasonNotOpen = "NOT_OPEN"
	// ReasonNotPaused: a resume of a table that is not paused or frozen.
	ReasonNotPaused = "NOT_PAUSED"
	// ReasonNotClosing: a finish of a table that is not closing.
	ReasonNotClosing = "NOT_CLOSING"
	// ReasonMoneyPending: a finish while money intents are pending.
	ReasonMoneyPending = "MONEY_PENDING"
	// ReasonNoReason: a freeze that does not say why.
	ReasonNoReason = "NO_REASON"
	// ReasonBadPlayer: a command without its player or his account.
	ReasonBadPlayer = "BAD_PLAYER"
	// ReasonTableFull: a join past Config.MaxPlayers.
	ReasonTableFull = "TABLE_FULL"
	// ReasonNotJoined: a player's command before he joined.
	ReasonNotJoined = "NOT_JOINED"
	// ReasonNoHold: a placement without the wallet hold of its stakes.
	ReasonNoHold = "NO_HOLD"
	// ReasonHoldReused: a placement with a hold another placement used.
	ReasonHoldReused = "HOLD_REUSED"
	// ReasonBadAmount: a placement whose hold is not the sum of its new
	// bets.
	ReasonBadAmount = "BAD_AMOUNT"
	// ReasonTooManyBets: a placement past Config.MaxBets for the player
	// in the round.
	ReasonTooManyBets = "TOO_MANY_BETS"
	// ReasonUnsupported: a command the table's game does not have (a void
	// choice at roulette).
	ReasonUnsupported = "UNSUPPORTED"
	// ReasonNoDraw, ReasonBadDraw: an open of an rng round without the
	// RNG's draw or with one that is not a pocket of the wheel.
	ReasonNoDraw  = "NO_DRAW"
	ReasonBadDraw = "BAD_DRAW"
	// ReasonDealerTable: an RNG draw given to a dealer table.
	ReasonDealerTable = "DEALER_TABLE"
	// ReasonRNGTable: a spin reported to an rng table, whose result is the
	// draw.
	ReasonRNGTable = "RNG_TABLE"
	// ReasonBadIntents: a wallet answer naming an intent both done and
	// failed.
	ReasonBadIntents = "BAD_INTENTS"
	// ReasonBadSettings: a betting window or pause out of bounds.
	ReasonBadSettings = "BAD_SETTINGS"
	// ReasonInconsistent (INTERNAL): the table's own book does not add up;
	// the core drops its copy and reloads.
	ReasonInconsistent = "INCONSISTENT"
	// ReasonHouseEdgeBelowMinimum (FAILED_PRECONDITION): a table whose
	// house edge is below the minimum the service requires (negative: the
	// player's edge), without the operator's override.
	ReasonHouseEdgeBelowMinimum = "HOUSE_EDGE_BELOW_MINIMUM"
	// ReasonHouseEdgeUnknown (FAILED_PRECONDITION): a table with options
	// no calculator prices, so that its house edge cannot be checked,
	// without the operator's override.
	ReasonHouseEdgeUnknown = "HOUSE_EDGE_UNKNOWN"
	// ReasonBadOverride (INVALID_ARGUMENT): an override without its
	// reason, or a reason without the override.
	ReasonBadOverride = "BAD_OVERRIDE"
)

// Reasons a table gives for what it does itself.
const (
	// VoidClosing: carried bets refunded because the table closes.
	VoidClosing = "the table is closing"
	// CancelStakeFailed: bets taken back because their stake never
	// reached the escrow.
	CancelStakeFailed = "STAKE_FAILED"
)
