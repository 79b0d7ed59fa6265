package main

// mounts lists the services the dev stack runs, in start order: a service
// comes after the ones it calls. Each lives in its own file.
func mounts() []mount {
	return []mount{
		mountRng,
		mountEvaluator,
		mountWallet,
		mountTable,
		mountTournament,
	}
}
