// Package tabletest holds the table service's tests that need the services
// it calls: the core with two replicas on one Redis, fairness proofs, and
// the integration suites (tag integration) against the real Redis, all on
// the in-process platform (tools/platform). They live outside
// services/table because the table module requires no other service's
// module; the table's own unit tests stay beside its code.
package tabletest
